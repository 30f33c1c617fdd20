/**
 * A validation rule that prices a document by what it can make the server produce, and
 * refuses it before execution when the price is over the budget. A validation rule, so it holds
 * over graphql-ws as well as HTTP.
 *
 * Price of a field = 1 + (how many times its selection runs) × price of its selection:
 * - a field with a `first` argument runs its selection `first` times (a variable or no value
 *   counts as the field's largest page: 500, proposals 200);
 * - `Protocol.steps` runs it MAX_PROTOCOL_STEPS times (the most steps a protocol may have);
 * - a connection's `first` multiplies only its `edges`/`nodes` (a `totalCount` is one number);
 * - any other list of objects counts OTHER_LIST_SIZE items;
 * - `Protocol.markdown` renders a whole protocol and weighs MARKDOWN_WEIGHT.
 */
import {
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  isUnionType,
} from 'graphql';
import { DOCUMENT_LIMITS, MAX_PAGE_SIZE, MAX_PROPOSAL_PAGE_SIZE, MAX_PROTOCOL_STEPS } from '../limits.js';

const OTHER_LIST_SIZE = 50;
const MARKDOWN_WEIGHT = 100;
/** Lists whose length is known to be bounded by something else priced already. */
const LIST_SIZES: Record<string, number> = { 'Protocol.steps': MAX_PROTOCOL_STEPS };
/** Connections whose largest page is smaller than MAX_PAGE_SIZE. */
const PAGE_SIZES: Record<string, number> = { 'Query.proposals': MAX_PROPOSAL_PAGE_SIZE };

export const DOCUMENT_COST_CODE = 'DOCUMENT_TOO_COMPLEX';

export function documentCostRule(maxCost: number = DOCUMENT_LIMITS.maxCost) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const root =
        operation.operation === 'query'
          ? context.getSchema().getQueryType()
          : operation.operation === 'mutation'
            ? context.getSchema().getMutationType()
            : context.getSchema().getSubscriptionType();
      if (!root) return;
      const cost = selectionCost(context, operation.selectionSet, root, new Set());
      if (cost > maxCost) {
        context.reportError(
          new GraphQLError(
            `Document cost ${Math.round(cost)} is over the limit of ${maxCost}: ask for fewer items (a smaller first, fewer nested lists)`,
            {
              nodes: [operation],
              extensions: { code: DOCUMENT_COST_CODE, limit: 'cost', cost: Math.round(cost), maxCost },
            },
          ),
        );
      }
    },
  });
}

/** `pageSize`: inside a connection, how many edges/nodes its `first` asks for. */
function selectionCost(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType,
  fragmentsOnPath: Set<string>,
  pageSize = 1,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      total += fieldCost(context, selection, parent, fragmentsOnPath, pageSize);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const typeName = selection.typeCondition?.name.value;
      const type = (typeName && context.getSchema().getType(typeName)) || parent;
      total += selectionCost(context, selection.selectionSet, type, fragmentsOnPath, pageSize);
    } else {
      const name = selection.name.value;
      // A fragment cycle is its own validation error; do not loop on it.
      if (fragmentsOnPath.has(name)) continue;
      const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
      if (!fragment) continue;
      const type = context.getSchema().getType(fragment.typeCondition.name.value) ?? parent;
      total += selectionCost(context, fragment.selectionSet, type, new Set([...fragmentsOnPath, name]), pageSize);
    }
  }
  return total;
}

function fieldCost(
  context: ValidationContext,
  node: FieldNode,
  parent: GraphQLNamedType,
  fragmentsOnPath: Set<string>,
  pageSize: number,
): number {
  const name = node.name.value;
  const field: GraphQLField<unknown, unknown> | undefined =
    isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
  if (!field) return 1;
  const own = `${parent.name}.${name}` === 'Protocol.markdown' ? MARKDOWN_WEIGHT : 1;
  if (!node.selectionSet) return own;
  const child = getNamedType(field.type);
  const page = field.args.some((argument) => argument.name === 'first') ? pageOf(node, parent) : null;
  // A connection hands its page size down to its edges/nodes; a plain list with `first` is the page.
  const isConnection = page !== null && child.name.endsWith('Connection');
  const childPage = isConnection ? page : 1;
  const childCost = isUnionType(child)
    ? Math.max(1, ...child.getTypes().map((member) => selectionCost(context, node.selectionSet!, member, fragmentsOnPath, childPage)))
    : selectionCost(context, node.selectionSet, child, fragmentsOnPath, childPage);
  const times = isConnection ? 1 : (page ?? multiplier(node, parent, field, pageSize));
  return own + times * childCost;
}

/** The page a `first` argument asks for; a variable or no value counts as the largest page. */
function pageOf(node: FieldNode, parent: GraphQLNamedType): number {
  const largestPage = PAGE_SIZES[`${parent.name}.${node.name.value}`] ?? MAX_PAGE_SIZE;
  const first = node.arguments?.find((argument) => argument.name.value === 'first');
  return first?.value.kind === Kind.INT ? Math.max(1, Math.min(Number(first.value.value), largestPage)) : largestPage;
}

function multiplier(node: FieldNode, parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>, pageSize: number): number {
  if (!isListType(getNullableType(field.type))) return 1;
  if (parent.name.endsWith('Connection') && (node.name.value === 'edges' || node.name.value === 'nodes')) return pageSize;
  return LIST_SIZES[`${parent.name}.${node.name.value}`] ?? OTHER_LIST_SIZE;
}
