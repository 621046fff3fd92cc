// The brief page's schema-driven form (web/src/pages/briefs/brief-form.ts): fields drawn from the schema
// the API publishes, the form's values as a document, the merge patch of what changed (checked by
// applying it as the API does), locks and the placement of a 400's paths.
import { describe, expect, it } from 'vitest';
import { briefSchemas } from '../../shared/mailing/briefs/schema.js';
import {
  documentFrom,
  fieldName,
  fieldText,
  formNodes,
  leaves,
  lockOf,
  mergePatch,
  placeErrors,
  pointer,
  valueAt,
  variableValue,
  type JsonObject,
  type JsonSchema,
} from '../../web/src/pages/briefs/brief-form';

const schema = briefSchemas().content as JsonSchema;
const nodes = formNodes(schema, ['content']);

/** RFC 7396, as the API applies a patch. */
function apply(target: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (typeof v === 'object' && !Array.isArray(v)) out[k] = apply((out[k] as JsonObject) ?? {}, v);
    else out[k] = v;
  }
  return out;
}

describe('formNodes', () => {
  it('draws the published content schema: groups, lists, choices, long and short text', () => {
    const byName = Object.fromEntries(leaves(nodes).map((l) => [fieldName(l.path), l]));
    expect(nodes.find((n) => n.label === 'Product')?.kind).toBe('group');
    expect(byName['content.product.name']).toMatchObject({ kind: 'text', label: 'Name', maxLength: 200 });
    expect(byName['content.product.description'].kind).toBe('longtext');
    expect(byName['content.icp.nonTargetRoles.emailPrefixes']).toMatchObject({ kind: 'list', label: 'Email prefixes' });
    expect(byName['content.tone']).toMatchObject({ kind: 'choice', options: ['formal', 'neutral', 'friendly', 'direct'] });
    expect(byName['content.callToAction'].label).toBe('Call to action');
    expect(nodes.find((n) => fieldName(n.path) === 'content.icp')?.label).toBe('ICP (ideal customer profile)');
  });
});

describe('documentFrom and mergePatch', () => {
  const saved: JsonObject = { product: { name: 'Acme CRM', description: 'A CRM' }, offer: 'A demo', icp: { industries: ['Retail', 'Logistics'] } };
  const values = (doc: JsonObject) => Object.fromEntries(leaves(nodes).map((l) => [fieldName(l.path), fieldText(valueAt({ content: doc }, l.path))]));

  it('reads the saved brief back unchanged: an empty patch', () => {
    expect(documentFrom(nodes, values(saved), 1)).toEqual(saved);
    expect(mergePatch(saved, documentFrom(nodes, values(saved), 1))).toEqual({});
  });

  it('patches only what changed: a replaced value, a cleared field as null, list lines trimmed, a new group', () => {
    const v = values(saved);
    v['content.offer'] = '';
    v['content.icp.industries'] = ' Retail \n\nHealthcare\n';
    v['content.tone'] = 'direct';
    v['content.sender.name'] = 'Dana';
    const patch = mergePatch(saved, documentFrom(nodes, v, 1));
    expect(patch).toEqual({ offer: null, icp: { industries: ['Retail', 'Healthcare'] }, tone: 'direct', sender: { name: 'Dana' } });
    expect(apply(saved, patch)).toEqual({
      product: { name: 'Acme CRM', description: 'A CRM' },
      icp: { industries: ['Retail', 'Healthcare'] },
      tone: 'direct',
      sender: { name: 'Dana' },
    });
  });
});

describe('locks and errors', () => {
  it('a lock covers its path and everything under it, not its siblings', () => {
    expect(pointer(['content', 'icp', 'industries'])).toBe('/content/icp/industries');
    expect(lockOf(['content', 'icp', 'industries'], ['/content/icp'])).toBe('/content/icp');
    expect(lockOf(['content', 'icp', 'industries'], ['/content/icp/industries'])).toBe('/content/icp/industries');
    expect(lockOf(['content', 'icpx'], ['/content/icp'])).toBeUndefined();
  });

  it('places a 400 path at the deepest field it starts with; the rest above the form', () => {
    const fields = leaves(nodes).map((l) => fieldName(l.path));
    expect(
      placeErrors(['content.icp.industries.0: Too small', 'content.language: language must be a code like en or ru', 'at most 200 variables'], fields),
    ).toEqual({
      byField: {
        'content.icp.industries': ['content.icp.industries.0: Too small'],
        'content.language': ['content.language: language must be a code like en or ru'],
      },
      form: ['at most 200 variables'],
    });
  });

  it('a variable keeps its number or boolean type while its text still reads as one', () => {
    expect(variableValue('12', 3)).toBe(12);
    expect(variableValue('twelve', 3)).toBe('twelve');
    expect(variableValue('false', true)).toBe(false);
    expect(variableValue('7', 'x')).toBe('7');
  });
});
