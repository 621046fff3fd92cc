import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import type { Json, JsonObject, JsonSchema } from './brief-form';

/** The shapes of the briefs operations (functions/briefs) as the pages read them. */

export interface Brief {
  id: string;
  name: string;
  description: string;
  targetCompanyListId: string | null;
  content: JsonObject;
  variables: Record<string, string | number | boolean>;
  locks: string[];
  revision: number;
  createdAt: string;
  updatedAt: string;
  memory?: { id: string; kind: string; text: string; why: string | null }[];
}

export interface BriefSchemas {
  content: JsonSchema;
  variables: JsonSchema;
  memoryKinds: string[];
  lockPathPattern: string;
}

export interface Revision {
  revision: number;
  change: 'created' | 'content' | 'variables' | 'locks';
  patch: Json;
  reason: string | null;
  by: string;
  at: string;
}

export const briefPath = (id: string) => `/api/briefs/${encodeURIComponent(id)}`;
export const briefsKey = (t: string, ...rest: unknown[]) => workspaceKey(t, 'briefs', ...rest);

export const briefSchemasQuery = (t: string) => ({
  queryKey: briefsKey(t, 'schemas'),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BriefSchemas>('/api/briefs/schemas', { signal }),
  staleTime: Infinity,
});
