'use client';

import { useTranslations } from 'next-intl';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuditSection } from './audit-section';
import { PlatformsSection } from './platforms-section';
import { QueueSection } from './queue-section';
import { StorageSection } from './storage-section';
import { UsageSection } from './usage-section';
import { UsersSection } from './users-section';

const SECTIONS = ['users', 'queue', 'platforms', 'storage', 'usage', 'audit'] as const;

/** The console's sections as tabs; only the open one is drawn (and fetches its data). */
export function AdminConsole({ selfId }: { selfId: string }) {
  const t = useTranslations('Admin.tabs');
  return (
    <Tabs defaultValue="users" data-testid="admin-console">
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <TabsList>
          {SECTIONS.map((section) => (
            <TabsTrigger key={section} value={section} data-testid={`admin-tab-${section}`}>{t(section)}</TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value="users"><UsersSection selfId={selfId} /></TabsContent>
      <TabsContent value="queue"><QueueSection /></TabsContent>
      <TabsContent value="platforms"><PlatformsSection /></TabsContent>
      <TabsContent value="storage"><StorageSection /></TabsContent>
      <TabsContent value="usage"><UsageSection /></TabsContent>
      <TabsContent value="audit"><AuditSection /></TabsContent>
    </Tabs>
  );
}
