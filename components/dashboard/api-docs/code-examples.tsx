import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { codeExamples } from '@/lib/openapi/code-examples';
import type { OpenApiDocument } from '@/lib/openapi/document';
import { CodeBlock } from './code-block';
import { CopyCodeButton } from './copy-code-button';

/**
 * JavaScript, Python and cURL versions of the same flow, written from the OpenAPI document: what the copy button
 * copies is exactly what test/api/openapi-examples.test.ts runs against the real handlers.
 */
export function CodeExamples({ doc, dir }: { doc: OpenApiDocument; dir: 'ltr' | 'rtl' }) {
  const samples = codeExamples(doc);
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
