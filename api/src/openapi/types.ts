import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { schemaRef, type JsonSchema } from './json-schema';

/**
 * The JSON Schemas of the shared response types (@vot/shared: what the repositories `satisfies`
 * and the remotes import), made from the TypeScript declarations themselves with the compiler's
 * type checker, for the OpenAPI document's components. Written to types.generated.json by
 * `pnpm --filter @vot/api openapi` (the server never loads TypeScript); test/openapi.test.ts fails
 * while that file differs from what the declarations make.
 *
 * The checker resolves every type the way the compiler does (`extends`, `Omit`, `Record` of a
 * union, yup's `InferType` of a schema), so a type is declared once, in TypeScript. A type of
 * another exported declaration is a `$ref` to it; the rest is written in place.
 */

const SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));

/** The modules whose exported types a route may name: the records, and the answers' envelopes (ListResponse …). */
const ENTRIES = ['src/schemas/index.ts', 'src/api/client.ts'].map((file) => `${SHARED}${file}`);

export const TYPES_FILE = fileURLToPath(new URL('./types.generated.json', import.meta.url));

/** The entries with shared/tsconfig.json's options (no ambient test types: the records need none). */
function program(): ts.Program {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d: ts.Diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(`${SHARED}tsconfig.json`, { types: [] }, host);
  if (!config) throw new Error('shared/tsconfig.json cannot be read');
  return ts.createProgram(ENTRIES, { ...config.options, noEmit: true });
}

/**
 * The schemas of `names` and of every exported type they refer to, by name, in name order: the
 * document's `components.schemas`.
 */
export function sharedTypeSchemas(names: Iterable<string>): Record<string, JsonSchema> {
  const prog = program();
  const checker = prog.getTypeChecker();

  /** Each exported type's declaration (the symbol an alias export resolves to) and the name it is exported as. */
  const exported = new Map<string, ts.Symbol>();
  const nameOf = new Map<ts.Symbol, string>();
  for (const entry of ENTRIES) {
    const file = prog.getSourceFile(entry);
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`${entry} is not a module`);
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      if (exported.has(symbol.name) && exported.get(symbol.name) !== target)
        throw new Error(`${symbol.name} is exported twice`);
      exported.set(symbol.name, target);
      if (!nameOf.has(target)) nameOf.set(target, symbol.name);
    }
  }

  const out: Record<string, JsonSchema> = {};
  const queue = [...names];
  const describe = (symbol: ts.Symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();

  /** A type that is an exported declaration of its own (not an instance of a generic one): its name. */
  function declaredName(type: ts.Type, self: string): string | undefined {
    const candidates = [
      type.aliasTypeArguments?.length ? undefined : type.aliasSymbol,
      type.symbol?.flags & ts.SymbolFlags.Interface && !(type as ts.TypeReference).typeArguments?.length
        ? type.symbol
        : undefined,
    ];
    for (const symbol of candidates) {
      const name = symbol && nameOf.get(symbol);
      if (name && name !== self) return name;
    }
    return undefined;
  }

  function schemaOf(type: ts.Type, self: string, where: string): JsonSchema {
    const named = declaredName(type, self);
    if (named) {
      queue.push(named);
      return { $ref: schemaRef(named) };
    }
    const { flags } = type;
    if (flags & ts.TypeFlags.Any) throw new Error(`${where} is any: a type that did not resolve?`);
    if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) return {};
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.isStringLiteral() || type.isNumberLiteral()) return { const: type.value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === 'true' };
    if (type.isUnion()) return unionOf(type.types, self, where);
    if (checker.isArrayType(type))
      return {
        type: 'array',
        items: schemaOf(checker.getTypeArguments(type as ts.TypeReference)[0]!, self, `${where}[]`),
      };
    if (checker.isTupleType(type)) {
      const items = checker
        .getTypeArguments(type as ts.TypeReference)
        .map((t, i) => schemaOf(t, self, `${where}[${i}]`));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return objectOf(type, self, where);
    throw new Error(`${where}: ${checker.typeToString(type)} has no JSON Schema here`);
  }

  function objectOf(type: ts.Type, self: string, where: string): JsonSchema {
    if (type.getCallSignatures().length) throw new Error(`${where} is a function`);
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const path = `${where}.${property.name}`;
      const schema = schemaOf(checker.getTypeOfSymbol(property), self, path);
      const description = describe(property);
      properties[property.name] = description ? { ...schema, description } : schema;
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & ts.TypeFlags.String);
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: schemaOf(index.type, self, `${where}[key]`) } : {}),
    };
  }

  /** A union: the optional's `undefined` dropped, literals as an enum, `| null` as a nullable type. */
  function unionOf(types: readonly ts.Type[], self: string, where: string): JsonSchema {
    const members = types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.Null));
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    let schemas: JsonSchema[];
    if (others.length && others.every((t) => t.isStringLiteral()) && !booleans.length) {
      schemas = [{ type: 'string', enum: others.map((t) => (t as ts.StringLiteralType).value) }];
    } else if (others.length && others.every((t) => t.isNumberLiteral()) && !booleans.length) {
      schemas = [{ type: 'number', enum: others.map((t) => (t as ts.NumberLiteralType).value) }];
    } else {
      schemas = [
        ...(booleans.length === 2 ? [{ type: 'boolean' }] : booleans.map((t) => schemaOf(t, self, where))),
        ...others.map((t) => schemaOf(t, self, where)),
      ];
    }
    if (nullable) {
      const only = schemas.length === 1 ? schemas[0]! : undefined;
      if (only && typeof only.type === 'string')
        return {
          ...only,
          type: [only.type, 'null'],
          ...(only.enum ? { enum: [...(only.enum as unknown[]), null] } : {}),
        };
      schemas.push({ type: 'null' });
    }
    return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
  }

  while (queue.length) {
    const name = queue.shift()!;
    if (out[name]) continue;
    const symbol = exported.get(name);
    if (!symbol) throw new Error(`${name} is not a type exported by @vot/shared/schemas or @vot/shared/api`);
    const schema = schemaOf(checker.getDeclaredTypeOfSymbol(symbol), name, name);
    const description = describe(symbol);
    out[name] = description && !schema.$ref ? { ...schema, description } : schema;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The file's text: two-space JSON and a final newline, as docs/openapi.json. */
export const typesText = (schemas: Record<string, JsonSchema>) => `${JSON.stringify(schemas, null, 2)}\n`;
