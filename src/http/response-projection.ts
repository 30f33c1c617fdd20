/**
 * Which big text fields a GraphQL operation asks for, and how many times each can come back:
 * the pure half of the response budget (src/http/response-budget.ts prices it with stored sizes).
 * Multiplicities follow src/http/document-cost.ts, with the variable values of this request:
 * - a connection's `first` multiplies its edges/nodes (absent: the page the service serves by default);
 * - `Protocol.steps` multiplies by MAX_PROTOCOL_STEPS, but its step texts together are the
 *   protocol, so they are priced as one protocol;
 * - any other list of objects counts OTHER_LIST_SIZE items.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  isInterfaceType,
  isListType,
  isObjectType,
  isUnionType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { MAX_PAGE_SIZE, MAX_PROPOSAL_PAGE_SIZE, MAX_PROTOCOL_STEPS } from '../limits.js';

import { SIZED_KINDS, type SizedKind } from '../model/response-sizes.js';

export { SIZED_KINDS, type SizedKind };

/** Fields whose answer is as big as what is stored: a memory's text, a whole protocol, a run's record, a file. */
export const SIZED_FIELDS: Readonly<Record<string, SizedKind>> = {
  'Memory.text': 'MEMORY_TEXT',
  'CurrentStep.content': 'MEMORY_TEXT',
  'MemoryVersion.diff': 'MEMORY_TEXT',
  'Protocol.markdown': 'PROTOCOL',
  'Run.transcript': 'RUN',
  'RunTranscript.transcript': 'RUN',
  'Artifact.content': 'ARTIFACT',
};

export interface SizedSelection {
  kind: SizedKind;
  /** How many times the field can be in the answer. */
  count: number;
  /** `Type.field`, for the refusal message. */
  field: string;
  /** Where it was asked for (response keys), for the refusal message. */
  path: string;
}

const OTHER_LIST_SIZE = 50;
const DEFAULT_PAGE = 50;
const LARGEST_PAGES: Record<string, number> = { 'Query.proposals': MAX_PROPOSAL_PAGE_SIZE, 'Query.runTranscripts': 100 };

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  found: SizedSelection[];
}

export function projectSizedFields(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): SizedSelection[] {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation) return [];
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return [];
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const walk: Walk = { schema, fragments, variables: variables ?? {}, found: [] };
  visitSelections(walk, operation.selectionSet, root, 1, 1, '', new Set());
  return merge(walk.found);
}

function visitSelections(
  walk: Walk,
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType,
  times: number,
  pageSize: number,
  path: string,
  fragmentsOnPath: Set<string>,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      visitField(walk, selection, parent, times, pageSize, path, fragmentsOnPath);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const typeName = selection.typeCondition?.name.value;
      visitSelections(
        walk,
        selection.selectionSet,
        (typeName && walk.schema.getType(typeName)) || parent,
        times,
        pageSize,
        path,
        fragmentsOnPath,
      );
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      if (!fragment || fragmentsOnPath.has(name)) continue;
      const type = walk.schema.getType(fragment.typeCondition.name.value) ?? parent;
      visitSelections(walk, fragment.selectionSet, type, times, pageSize, path, new Set([...fragmentsOnPath, name]));
    }
  }
}

function visitField(
  walk: Walk,
  node: FieldNode,
  parent: GraphQLNamedType,
  times: number,
  pageSize: number,
  path: string,
  fragmentsOnPath: Set<string>,
): void {
  const name = node.name.value;
  const field: GraphQLField<unknown, unknown> | undefined =
    isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
  if (!field) return;
  const key = `${parent.name}.${name}`;
  const here = path ? `${path}.${node.alias?.value ?? name}` : (node.alias?.value ?? name);
  const kind = SIZED_FIELDS[key];
  if (kind)
    walk.found.push({ kind, count: times * (isListType(getNullableType(field.type)) ? OTHER_LIST_SIZE : 1), field: key, path: here });
  if (!node.selectionSet) return;
  if (key === 'Protocol.steps') {
    // The steps' texts are the protocol: priced once per protocol; anything else under them per step.
    const inner: Walk = { ...walk, found: [] };
    visitSelections(inner, node.selectionSet, getNamedType(field.type), 1, 1, here, fragmentsOnPath);
    for (const item of inner.found) {
      if (item.kind === 'MEMORY_TEXT' && item.field === 'Memory.text') walk.found.push({ ...item, kind: 'PROTOCOL', count: times });
      else walk.found.push({ ...item, count: item.count * times * MAX_PROTOCOL_STEPS });
    }
    return;
  }
  const child = getNamedType(field.type);
  const page = field.args.some((argument) => argument.name === 'first') ? pageOf(walk, node, key) : null;
  const isConnection = page !== null && child.name.endsWith('Connection');
  const childTimes = times * (isConnection ? 1 : (page ?? multiplier(node, parent, field, pageSize)));
  const childPage = isConnection ? page : 1;
  const members = isUnionType(child) ? child.getTypes() : [child];
  for (const member of members) visitSelections(walk, node.selectionSet, member, childTimes, childPage, here, fragmentsOnPath);
}

/** The page `first` asks for: a literal, a variable's value, else the service's default page. */
function pageOf(walk: Walk, node: FieldNode, key: string): number {
  const largest = LARGEST_PAGES[key] ?? MAX_PAGE_SIZE;
  const first = node.arguments?.find((argument) => argument.name.value === 'first')?.value;
  let value: unknown = DEFAULT_PAGE;
  if (first?.kind === Kind.INT) value = Number(first.value);
  else if (first?.kind === Kind.VARIABLE) value = walk.variables[first.name.value] ?? DEFAULT_PAGE;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.min(Math.floor(value), largest)) : largest;
}

function multiplier(node: FieldNode, parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>, pageSize: number): number {
  if (!isListType(getNullableType(field.type))) return 1;
  if (parent.name.endsWith('Connection') && (node.name.value === 'edges' || node.name.value === 'nodes')) return pageSize;
  return OTHER_LIST_SIZE;
}

/** One entry per kind and field, counts added (aliases of one field add up). */
function merge(found: SizedSelection[]): SizedSelection[] {
  const byKey = new Map<string, SizedSelection>();
  for (const item of found) {
    const key = `${item.kind}|${item.field}`;
    const seen = byKey.get(key);
    if (seen) seen.count += item.count;
    else byKey.set(key, { ...item });
  }
  return [...byKey.values()];
}
