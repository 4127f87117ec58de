import { invalidParameter } from './errors';

/** One requested field, with its own selection when asked as `name{a,b}`. */
export interface FieldSelection {
  name: string;
  fields?: FieldSelection[];
}

/** Parses Graph's `fields` syntax: `id,name,creative{id,object_type}`, nested to any depth. */
export function parseFieldSelection(text: string): FieldSelection[] {
  let position = 0;
  const parseList = (depth: number): FieldSelection[] => {
    const list: FieldSelection[] = [];
    while (position < text.length) {
      const match = /^\s*([A-Za-z0-9_.]*)\s*/.exec(text.slice(position)) as RegExpExecArray;
      position += match[0].length;
      const name = match[1] as string;
      const next = text[position];
      const field: FieldSelection = { name };
      if (next === '{') {
        position++;
        field.fields = parseList(depth + 1);
        if (text[position] !== '}')
          throw invalidParameter(`Syntax error "Expected "}"." at character ${position}: ${text}`);
        position++;
        position += (/^\s*/.exec(text.slice(position)) as RegExpExecArray)[0].length;
      }
      if (name) list.push(field);
      else if (field.fields)
        throw invalidParameter(`Syntax error "Expected name." at character ${position}: ${text}`);
      const after = text[position];
      if (after === ',') {
        position++;
        continue;
      }
      if (after === '}' && depth > 0) return list;
      if (after === undefined) return list;
      throw invalidParameter(`Syntax error "Unexpected "${after}"." at character ${position}: ${text}`);
    }
    return list;
  };
  const fields = parseList(0);
  if (position < text.length)
    throw invalidParameter(`Syntax error "Unexpected "}"." at character ${position}: ${text}`);
  return fields;
}

/** The fields of a node type, and for fields that are nodes themselves, theirs. */
export interface NodeShape {
  type: string;
  fields: readonly string[];
  nested?: Record<string, NodeShape>;
}

/** Meta's code 100 for a field the node type lacks, or a sub-selection on a field that is no node. */
export function checkSelection(selection: readonly FieldSelection[], shape: NodeShape): void {
  for (const field of selection) {
    if (!shape.fields.includes(field.name)) {
      throw invalidParameter(
        `Tried accessing nonexisting field (${field.name}) on node type (${shape.type})`,
      );
    }
    const nested = shape.nested?.[field.name];
    if (field.fields && !nested) {
      throw invalidParameter(`Field ${field.name} of node type (${shape.type}) has no sub-fields to select`);
    }
    if (field.fields && nested) checkSelection(field.fields, nested);
  }
}

/**
 * A node with only the asked fields (in the order asked), `id` always; a nested node asked without
 * a selection gives its `id` only, as Meta does.
 */
export function projectNode(
  node: Record<string, unknown>,
  selection: readonly FieldSelection[],
  shape: NodeShape,
): Record<string, unknown> {
  checkSelection(selection, shape);
  const out: Record<string, unknown> = {};
  for (const field of selection) {
    const value = node[field.name];
    if (value === undefined) continue;
    const nested = shape.nested?.[field.name];
    out[field.name] =
      nested && value && typeof value === 'object'
        ? projectNode(value as Record<string, unknown>, field.fields ?? [], nested)
        : value;
  }
  if (!('id' in out) && node.id !== undefined) out.id = node.id;
  return out;
}
