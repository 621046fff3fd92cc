// svc/import-boundaries: the arrows of the product's shared/ point one way (docs/architecture.md, "Layout").
//
// shared/ holds areas, each a folder of domain folders (shared/<area>/<folder>/), ordered bottom to top by
// the `areas` option. A file of shared/ may import:
//   - its own area and the areas beneath it (platform, the bottom, imports no domain: not its adapters, data
//     or ports, not anything);
//   - never functions/ or infra/ (they import shared/, not the other way).
// A file or an import target directly in a folder of shared/ that is no area is reported too: every folder
// of shared/ belongs to an area (its README.md says what the area owns and may import).
import path from 'node:path';

const SPECIFIER_NODES = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'];

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'shared/<area>/ imports only its own area and the areas beneath it, and never functions/ or infra/.' },
    schema: [
      {
        type: 'object',
        properties: { areas: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true } },
        required: ['areas'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        'shared/{{from}}/ may not import shared/{{to}}/ ({{to}} sits above {{from}}: {{order}}). Move the piece down, or pass it in from the composition root (infra/aws/runtime/aws-deps.ts, infra/local/local-deps.ts).',
      outward: 'shared/ may not import {{to}}/: functions/ and infra/ import shared/, never the other way.',
      noArea:
        "shared/{{folder}} is in no area: shared/ holds only the areas {{order}} (move it to shared/<area>/{{folder}} and name it in that area's README.md).",
    },
  },
  create(context) {
    const areas = context.options[0].areas;
    const rank = new Map(areas.map((a, i) => [a, i]));
    const order = areas.join(' < ');
    const root = context.cwd ?? process.cwd();
    const shared = path.join(root, 'shared');
    const filename = context.filename ?? context.getFilename();
    const own = path.relative(shared, filename);
    if (own.startsWith('..') || path.isAbsolute(own)) return {};
    const ownParts = own.split(path.sep);
    const ownArea = ownParts[0];
    if (!rank.has(ownArea)) {
      return { Program: (node) => context.report({ node, messageId: 'noArea', data: { folder: ownParts.length > 1 ? ownArea : own, order } }) };
    }

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !/^\.{1,2}\//.test(source.value)) return;
      const target = path.resolve(path.dirname(filename), source.value);
      const fromRoot = path.relative(root, target).split(path.sep);
      if (fromRoot[0] === 'functions' || fromRoot[0] === 'infra') {
        context.report({ node: source, messageId: 'outward', data: { to: fromRoot[0] } });
        return;
      }
      if (fromRoot[0] !== 'shared' || fromRoot.length < 2) return;
      const targetArea = fromRoot[1];
      if (!rank.has(targetArea)) {
        context.report({ node: source, messageId: 'noArea', data: { folder: targetArea.replace(/\.[mc]?[jt]sx?$/, ''), order } });
      } else if (rank.get(targetArea) > rank.get(ownArea)) {
        context.report({ node: source, messageId: 'upward', data: { from: ownArea, to: targetArea, order } });
      }
    }

    const visitors = Object.fromEntries(SPECIFIER_NODES.map((type) => [type, (node) => check(node, node.source)]));
    // vi.mock('…') and require('…') name modules too.
    visitors.CallExpression = (node) => {
      const callee = node.callee;
      const name =
        callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property.name : '';
      if (['require', 'mock', 'doMock', 'importActual'].includes(name) && node.arguments[0]?.type === 'Literal') check(node, node.arguments[0]);
    };
    return visitors;
  },
};

/** The project's local ESLint plugin: `svc/<rule>`. */
export default { meta: { name: 'svc' }, rules: { 'import-boundaries': importBoundaries } };
