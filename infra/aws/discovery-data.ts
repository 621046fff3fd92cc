import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { operations } from '../../functions/registry.js';
import { discoveryDataOf } from '../../shared/platform/registry/discovery-data.js';

/**
 * The build step that emits the registry's discovery data (card, OpenAPI paths, guide tools) as JSON
 * beside a bundle: run by the CDK bundling hook of functions declaring `discoveryData`
 * (`node --import tsx infra/aws/discovery-data.ts <file>`), and in-process by the bundle tests and bench.
 */
export function writeDiscoveryData(file: string) {
  writeFileSync(file, JSON.stringify(discoveryDataOf(operations)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node --import tsx infra/aws/discovery-data.ts <output file>');
  writeDiscoveryData(file);
}
