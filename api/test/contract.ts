import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPENAPI_FILE } from '../src/openapi/current';
import { BAD_ADDRESS } from '../src/http/errors';

/**
 * The contract check of every API test's traffic: each answer a test gets through `app.inject` is
 * held against the committed docs/openapi.json (docs/decisions/0153-answers-checked-against-the-document.md).
 * The call must be an operation of the document (or an unknown route's 404), its status declared,
 * and a JSON answer valid against the declared schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it).
 */

interface Answer {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Answer> }>>;
  components: { responses: Record<string, Answer> };
}

const DOCUMENT_ID = 'urn:vot:openapi';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options']);

/** A path template as a matcher; the more literal segments, the more specific (Fastify's router prefers them too). */
interface Template {
  path: string;
  pattern: RegExp;
  literals: number;
}

export class Contract {
  private readonly document: Document;
  private readonly templates: Template[];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Document) {
    this.document = document;
    this.templates = Object.keys(document.paths).map((path) => {
      const segments = path.split('/');
      const pattern = segments
        .map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      return { path, pattern: new RegExp(`^${pattern}$`), literals: segments.filter((s) => !s.startsWith('{')).length };
    });
    // The document's own keywords (x-permission, contentMediaType …) are not validation keywords.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
  }

  /** What is wrong with an answer to a request, by the document; empty when it is as declared. */
  check(request: InjectOptions, response: LightMyRequestResponse): string[] {
    const method = String(request.method ?? 'GET').toLowerCase();
    const url = new URL(String(request.url ?? request.path), 'http://api.test');
    const call = `${method.toUpperCase()} ${url.pathname} → ${response.statusCode}`;
    // Fastify answers HEAD from the GET route: not an operation of its own.
    if (!METHODS.has(method)) return [];
    const template = this.templates
      .filter((t) => t.pattern.test(url.pathname) && this.document.paths[t.path]![method])
      .sort((a, b) => b.literals - a.literals)[0];
    if (!template) {
      // The router's own answers to a path no operation has: no such route, or a path it cannot decode.
      const message = this.message(response) ?? '';
      const unknownRoute = response.statusCode === 404 && /^No route /.test(message);
      const undecodable = response.statusCode === 400 && message === BAD_ADDRESS;
      return unknownRoute || undecodable ? [] : [`${call}: not an operation of the document`];
    }
    const status = String(response.statusCode);
    const operation = this.document.paths[template.path]![method]!;
    const declared = operation.responses[status] ?? operation.responses.default;
    if (!declared) return [`${call}: status not declared for ${method.toUpperCase()} ${template.path}`];
    const answer = this.resolve(declared);
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!answer.content) return response.body.length ? [`${call}: a body where none is declared`] : [];
    if (!answer.content[type]) return [`${call}: content type ${type || 'none'} not declared`];
    if (type !== 'application/json') return [];
    const pointer = this.pointerOf(template.path, method, status, declared);
    const validate = this.validatorFor(pointer);
    if (validate(response.json())) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${call}: ${e.instancePath || '/'} ${e.message}`);
  }

  private message(response: LightMyRequestResponse): string | undefined {
    try {
      return (response.json() as { message?: string }).message;
    } catch {
      return undefined;
    }
  }

  private resolve(answer: Answer): Answer {
    if (!answer.$ref) return answer;
    const name = answer.$ref.split('/').pop()!;
    return this.document.components.responses[name]!;
  }

  /** The JSON pointer (in the document) of the answer's JSON schema. */
  private pointerOf(path: string, method: string, status: string, declared: Answer): string {
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    const where = declared.$ref
      ? `/components/responses/${declared.$ref.split('/').pop()!}`
      : `/paths/${escape(path)}/${method}/responses/${status in this.document.paths[path]![method]!.responses ? status : 'default'}`;
    return `${where}/content/application~1json/schema`;
  }

  private validatorFor(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}
