import { fill } from '../../platform/data/key-templates.js';

// The sequence's primary key apart from the Sequence entity (entities.ts): its zod attributes weigh
// ~3 KB in a bundle, and a reader that needs only the key (a reply draft finding the step's creative)
// does not parse them (issue 25). The Sequence entity is declared from this same template.

export const SEQUENCE_PRIMARY_KEY = { pk: 'SEQUENCE#${sequenceId}', sk: 'SEQUENCE' } as const;

export const sequenceKey = (sequenceId: string) => ({ pk: fill(SEQUENCE_PRIMARY_KEY.pk, { sequenceId }, 'sequence'), sk: SEQUENCE_PRIMARY_KEY.sk });
