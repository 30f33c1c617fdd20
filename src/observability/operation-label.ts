import { type DocumentNode, getOperationAST } from 'graphql';
import { sanitizeForLog, TEXT_LIMITS } from '../limits.js';

/** How logs and metrics name an operation. */
export interface OperationLabel {
  type: string;
  /** The root field, not the client-chosen operation name: it keeps metric labels bounded. */
  field: string;
  /** The client's operation name, shortened and made printable for logs. */
  name: string | null;
}

export function operationLabel(args: { document: DocumentNode; operationName?: string | null }): OperationLabel {
  const operation = getOperationAST(args.document, args.operationName);
  const rootField = operation?.selectionSet.selections.find((selection) => selection.kind === 'Field');
  const name = sanitizeForLog(args.operationName ?? operation?.name?.value, TEXT_LIMITS.operationName);
  return { type: operation?.operation ?? 'unknown', field: rootField?.kind === 'Field' ? rootField.name.value : 'unknown', name };
}
