'use client';

import { useTranslations } from 'next-intl';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuditSection } from './audit-section';
import { PlatformsSection } from './platforms-section';
import { QueueSection } from './queue-section';
import { StorageSection } from './storage-section';
import { UsageSection } from './usage-section';
import { UsersSection } from './users-section';
import type { Registration } from '@/components/auth/invites/invites-card';

const SECTIONS = ['users', 'queue', 'platforms', 'storage', 'usage', 'audit'] as const;

/** The console's sections as tabs; only the open one is drawn (and fetches its data). */
export function AdminConsole({ selfId, registration }: { selfId: string; registration: Registration }) {
  const t = useTranslations('Admin.tabs');
  return (
    <Tabs defaultValue="users" data-testid="admin-console">
      {/* On a phone the tabs wrap onto a second line rather than scroll out of sight. */}
      <TabsList className="flex-wrap justify-start">
        {SECTIONS.map((section) => (
          <TabsTrigger key={section} value={section} data-testid={`admin-tab-${section}`}>{t(section)}</TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="users"><UsersSection selfId={selfId} registration={registration} /></TabsContent>
      <TabsContent value="queue"><QueueSection /></TabsContent>
      <TabsContent value="platforms"><PlatformsSection /></TabsContent>
      <TabsContent value="storage"><StorageSection /></TabsContent>
      <TabsContent value="usage"><UsageSection /></TabsContent>
      <TabsContent value="audit"><AuditSection /></TabsContent>
    </Tabs>
  );
}
