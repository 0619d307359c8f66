import { describe, expect, it } from 'vitest';
import { presetCreateSchema, presetPatchSchema, presetSchema } from '@/lib/presets/schemas';
import { buildOpenApiDocument } from './document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read field by field

describe('the presets in the OpenAPI document', () => {
  const doc = buildOpenApiDocument('http://localhost:3000') as unknown as Json;

  it('documents the CRUD routes and preset= on the download and bulk requests', () => {
    expect(Object.keys(doc.paths['/api/presets'])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/presets/{id}'])).toEqual(['patch', 'delete']);
    for (const name of ['DownloadRequest', 'BulkRequest']) {
      expect(doc.components.schemas[name].properties.preset, name).toMatchObject({ type: 'string', maxLength: 60 });
    }
    expect(doc.components.schemas.Preset.properties.format.enum).toEqual(['mp4', 'webm', 'mp3', 'm4a', 'wav', 'opus']);
  });

  it('its examples are what the schemas accept and answer', () => {
    const list = doc.paths['/api/presets'];
    const one = doc.paths['/api/presets/{id}'];
    const example = (op: Json, where: 'requestBody' | 'response') =>
      where === 'requestBody' ? op.requestBody.content['application/json'].example : op.responses[op.responses['201'] ? '201' : '200'].content['application/json'].example.data;
    expect(presetCreateSchema.safeParse(example(list.post, 'requestBody')).success).toBe(true);
    expect(presetPatchSchema.safeParse(example(one.patch, 'requestBody')).success).toBe(true);
    for (const answer of [example(list.post, 'response'), example(one.patch, 'response'), ...example(list.get, 'response')]) {
      expect(presetSchema.safeParse(answer).success).toBe(true);
    }
  });
});
