/**
 * The schema is the agent's manual: every element a model reads by introspection
 * has a description, and every name a description puts in backticks exists.
 *
 * How a backticked span is read:
 * - `Type.member`: a type (PascalCase) and one of its fields, input fields or enum values;
 * - `a.b.c` (lowercase first): a path of field, argument or input-field names (`solution.nonce`);
 * - `name(arg: …)`: a field (a root field first) and its arguments; `{ a, b }` after an argument
 *   names fields of that argument's input type;
 * - `SCREAMING_SNAKE`: an enum value of the schema or a code the server answers; `KAIROS_…` is
 *   an environment variable and must be one the server reads (src/config.ts);
 * - `PascalCase`: a type; `camelCase`: a field, argument or input field somewhere in the schema.
 * Anything else is literal text, not a name: a span holding a space, a quote, a brace, a slash,
 * a colon or a hyphen (URIs, commands, JSON, headers), or a file name ending in .md or .json.
 */
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql';

export interface DescribedElement {
  /** `Type`, `Type.field`, `Type.field(arg)` or `Enum.VALUE`. */
  coordinate: string;
  description: string | null | undefined;
}

/** Every type, field, argument, input field and enum value of the schema but the built-in ones. */
export function describedElements(schema: GraphQLSchema): DescribedElement[] {
  const elements: DescribedElement[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    elements.push({ coordinate: type.name, description: type.description });
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        elements.push({ coordinate: `${type.name}.${field.name}`, description: field.description });
        for (const arg of field.args)
          elements.push({ coordinate: `${type.name}.${field.name}(${arg.name})`, description: arg.description });
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        elements.push({ coordinate: `${type.name}.${field.name}`, description: field.description });
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) elements.push({ coordinate: `${type.name}.${value.name}`, description: value.description });
    }
  }
  return elements;
}

/** The coordinates of elements without a description (blank counts as none). */
export function undescribedElements(schema: GraphQLSchema): string[] {
  return describedElements(schema)
    .filter((element) => !element.description?.trim())
    .map((element) => element.coordinate);
}

export interface NameContext {
  /** Codes the server answers outside the schema's enums (RequestError codes, transport refusals). */
  errorCodes: readonly string[];
  /** Environment variables the server reads. */
  environmentVariables: readonly string[];
}

/** One backticked span that names nothing in the schema. */
export interface UnknownName {
  coordinate: string;
  name: string;
  why: string;
}

const TYPE_MEMBER = /^([A-Z][A-Za-z0-9]*)\.([A-Za-z_][A-Za-z0-9_]*)$/;
const FIELD_PATH = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;
const CALL = /^([a-z][A-Za-z0-9]*)\((.*)\)$/;
const SCREAMING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const CAMEL = /^[a-z][A-Za-z0-9]*$/;
const ENVIRONMENT_VARIABLE = /^KAIROS_[A-Z0-9_]+$/;
const FILE_NAME = /^[\w<>{}-]+(\/[\w<>{}.-]+)*\.(md|json)$/;

/** Every name a description can refer to, gathered once per schema. */
class SchemaNames {
  readonly types = new Map<string, GraphQLNamedType>();
  readonly memberNames = new Set<string>();
  readonly enumValues = new Set<string>();
  readonly fieldsByName = new Map<string, GraphQLField<unknown, unknown>[]>();
  readonly rootFields = new Map<string, GraphQLField<unknown, unknown>>();

  constructor(schema: GraphQLSchema) {
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
      for (const field of Object.values(root?.getFields() ?? {})) this.rootFields.set(field.name, field);
    }
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type)) continue;
      this.types.set(type.name, type);
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          this.memberNames.add(field.name);
          this.fieldsByName.set(field.name, [...(this.fieldsByName.get(field.name) ?? []), field]);
          for (const arg of field.args) this.memberNames.add(arg.name);
        }
      } else if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) this.memberNames.add(field.name);
      } else if (isEnumType(type)) {
        for (const value of type.getValues()) this.enumValues.add(value.name);
      }
    }
  }

  hasMember(typeName: string, member: string): boolean {
    const type = this.types.get(typeName);
    if (!type) return false;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return member in type.getFields();
    if (isEnumType(type)) return type.getValue(member) !== undefined;
    return false;
  }
}

/** Splits `a, b: { c }, d` at the commas outside braces and brackets. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '{' || character === '[' || character === '(') depth++;
    if (character === '}' || character === ']' || character === ')') depth--;
    if (character === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  if (current.trim() !== '') parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '' && part !== '…' && part !== '...');
}

/** The problems of `{ a, b: … }` against an input type, or of `(a: …, b)` against a field's arguments. */
function checkEntries(entries: string, lookup: (name: string) => GraphQLArgument | GraphQLInputField | undefined, owner: string): string[] {
  const problems: string[] = [];
  for (const entry of splitTopLevel(entries)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([\s\S]*))?$/.exec(entry);
    if (!match) {
      problems.push(`cannot read "${entry}" in ${owner}`);
      continue;
    }
    const [, name, value] = match;
    const target = lookup(name!);
    if (!target) {
      problems.push(`${owner} has no argument or input field "${name}"`);
      continue;
    }
    const inner = value?.trim();
    if (inner?.startsWith('{') && inner.endsWith('}')) {
      const inputType = getNamedType(target.type);
      if (!isInputObjectType(inputType)) {
        problems.push(`${owner}.${name} is not an input object`);
        continue;
      }
      problems.push(...checkEntries(inner.slice(1, -1), (field) => inputType.getFields()[field], inputType.name));
    }
  }
  return problems;
}

/** Why a backticked span names nothing, or null when it names something (or is literal text). */
function problemWith(span: string, names: SchemaNames, context: NameContext): string | null {
  if (FILE_NAME.test(span)) return null;
  let match = TYPE_MEMBER.exec(span);
  if (match) {
    const [, typeName, member] = match;
    if (!names.types.has(typeName!)) return `no type ${typeName}`;
    return names.hasMember(typeName!, member!) ? null : `${typeName} has no field, input field or value "${member}"`;
  }
  if (FIELD_PATH.test(span)) {
    const missing = span.split('.').filter((segment) => !names.memberNames.has(segment));
    return missing.length === 0 ? null : `no field, argument or input field named ${missing.join(', ')}`;
  }
  match = CALL.exec(span);
  if (match) {
    const [, fieldName, entries] = match;
    const candidates = names.rootFields.has(fieldName!) ? [names.rootFields.get(fieldName!)!] : (names.fieldsByName.get(fieldName!) ?? []);
    if (candidates.length === 0) return `no field or operation named ${fieldName}`;
    const attempts = candidates.map((field) =>
      checkEntries(entries!, (arg) => field.args.find((candidate) => candidate.name === arg), fieldName!),
    );
    return attempts.some((problems) => problems.length === 0) ? null : attempts[0]!.join('; ');
  }
  if (ENVIRONMENT_VARIABLE.test(span)) {
    return context.environmentVariables.includes(span) ? null : `the server reads no environment variable ${span}`;
  }
  if (SCREAMING.test(span) && span.length > 1) {
    return names.enumValues.has(span) || context.errorCodes.includes(span) || names.types.has(span)
      ? null
      : `no enum value or error code ${span}`;
  }
  if (PASCAL.test(span)) return names.types.has(span) ? null : `no type ${span}`;
  if (CAMEL.test(span))
    return names.memberNames.has(span) || names.rootFields.has(span) ? null : `no field, argument or input field named ${span}`;
  // Not shaped like a name: literal text (a URI, a command, JSON, a header, a lowercase wire value).
  return null;
}

/** Every backticked span, in every description of the schema, that names something missing. */
export function unknownNames(schema: GraphQLSchema, context: NameContext): UnknownName[] {
  const names = new SchemaNames(schema);
  const found: UnknownName[] = [];
  for (const element of describedElements(schema)) {
    for (const [, span] of (element.description ?? '').matchAll(/`([^`]+)`/g)) {
      const why = problemWith(span!.trim(), names, context);
      if (why) found.push({ coordinate: element.coordinate, name: span!, why });
    }
  }
  return found;
}
