import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CodeBlock } from './code-block';
import { codeSamples } from './code-samples';
import { CopyCodeButton } from './copy-code-button';

/** JavaScript, Python and cURL versions of the same flow, each with a copy button. */
export function CodeExamples({ baseUrl, dir }: { baseUrl: string; dir: 'ltr' | 'rtl' }) {
  const samples = codeSamples(baseUrl);
  return (
    <Tabs defaultValue="javascript" dir={dir}>
      <TabsList>
        {samples.map((sample) => (
          <TabsTrigger key={sample.id} value={sample.id}>
            {sample.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {samples.map((sample) => (
        <TabsContent key={sample.id} value={sample.id}>
          <CodeBlock code={sample.code} label={sample.label} action={<CopyCodeButton code={sample.code} />} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
