import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read field by field

describe('loudness and split by chapters beyond the single download, in the OpenAPI document', () => {
  const doc = buildOpenApiDocument('http://localhost:3000') as unknown as Json;
  const LOUDNESS = ['off', 'streaming', 'podcast', 'broadcast'];

  it('a post’s ZIP takes loudness= as GET /api/download/{id} does', () => {
    const op = doc.paths['/api/download/{id}/zip'].get;
    expect(op.operationId).toBe('downloadPostZip');
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/zip']);
    const loudness = op.parameters.find((p: Json) => p.in === 'query' && p.name === 'loudness');
    expect(loudness.schema.enum).toEqual(LOUDNESS);
    const single = doc.paths['/api/download/{id}'].get.parameters.find((p: Json) => p.name === 'loudness');
    expect(loudness.schema).toEqual(single.schema);
  });

  it('the cobalt request has Grabline’s own loudness; its tunnel link names it', () => {
    const field = doc.components.schemas.CobaltRequest.properties.loudness;
    expect(field.enum).toEqual(LOUDNESS);
    expect(field.description).toMatch(/Grabline’s own/);
    expect(doc.paths['/api/cobalt/tunnel'].get.parameters.map((p: Json) => p.name)).toContain('loudness');
  });

  it('a batch may be split by chapters, exactly or not', () => {
    const { split, exact } = doc.components.schemas.BulkRequest.properties;
    expect(split).toMatchObject({ type: 'boolean' });
    expect(split.description).toMatch(/without chapters is delivered as one file/);
    expect(exact).toMatchObject({ type: 'boolean' });
  });
});
