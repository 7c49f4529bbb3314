import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for tests (AI_PROVIDER=openai-compatible, AI_BASE_URL =
 * baseUrl). POST /v1/chat/completions records each request body and answers with the next
 * scripted response, or the default when the queue is empty.
 *
 * The default answer, for a request with `response_format: json_schema`, is an object built from
 * that schema (strings 'Fake text', numbers 0, arrays at their minimum length, first enum value),
 * so any structured request gets a valid answer; for a plain request it is the text 'Fake answer'.
 */

export type FakeAiResponse =
  /** The assistant message content is JSON.stringify(value). */
  | { kind: 'json'; value: unknown }
  /** The assistant message content is this text as is (use for malformed answers). */
  | { kind: 'text'; content: string }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'http-error'; status: number; message?: string }
  /** Waits, then sends `then` (default: the default answer). */
  | { kind: 'delay'; ms: number; then?: FakeAiResponse }
  /** Built from the request's JSON schema, as the default is. */
  | { kind: 'from-schema'; overrides?: Record<string, unknown> }
  /** Decided from the request itself (for a model whose answer depends on the work it reads). */
  | { kind: 'computed'; answer: (body: ChatCompletionRequestBody) => FakeAiResponse };

export type RecordedAiRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: ChatCompletionRequestBody;
};

export type ChatCompletionRequestBody = {
  model?: string;
  messages?: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema; strict?: boolean } };
  [key: string]: unknown;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minItems?: number;
  [key: string]: unknown;
};

export type FakeAiServer = {
  /** The API root to give the provider, e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  requests: RecordedAiRequest[];
  enqueue(...responses: FakeAiResponse[]): void;
  setDefault(response: FakeAiResponse): void;
  /** Forgets recorded requests and queued responses, and restores the default answer. */
  reset(): void;
  /** All text the provider sent in the last (or given) request: system and user messages joined. */
  promptText(index?: number): string;
  close(): Promise<void>;
};

/** A minimal value that satisfies the JSON schema (enough for the AI SDK's zod check). */
export function sampleFromJsonSchema(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    const nonNull = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return sampleFromJsonSchema(nonNull);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = sampleFromJsonSchema(property);
      return value;
    }
    case 'array': {
      const count = schema.minItems ?? 1;
      return Array.from({ length: count }, () => sampleFromJsonSchema(schema.items));
    }
    case 'string':
      return 'Fake text';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

let completionCounter = 0;

function completion(body: ChatCompletionRequestBody, content: string) {
  completionCounter += 1;
  return {
    id: `chatcmpl-fake-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startFakeAiServer(): Promise<FakeAiServer> {
  const requests: RecordedAiRequest[] = [];
  const queue: FakeAiResponse[] = [];
  let defaultResponse: FakeAiResponse = { kind: 'from-schema' };
  const pendingTimers = new Set<NodeJS.Timeout>();

  async function respond(
    response: ServerResponse,
    body: ChatCompletionRequestBody,
    scripted: FakeAiResponse,
  ): Promise<void> {
    switch (scripted.kind) {
      case 'json':
        return sendJson(response, 200, completion(body, JSON.stringify(scripted.value)));
      case 'text':
        return sendJson(response, 200, completion(body, scripted.content));
      case 'http-error':
        return sendJson(response, scripted.status, {
          error: {
            message: scripted.message ?? `Fake error ${scripted.status}`,
            type: 'fake_error',
            code: String(scripted.status),
          },
        });
      case 'from-schema': {
        const schema = body.response_format?.json_schema?.schema;
        if (!schema) return sendJson(response, 200, completion(body, 'Fake answer'));
        const sample = sampleFromJsonSchema(schema);
        const value = typeof sample === 'object' && sample !== null ? { ...sample, ...scripted.overrides } : sample;
        return sendJson(response, 200, completion(body, JSON.stringify(value)));
      }
      case 'computed':
        return respond(response, body, scripted.answer(body));
      case 'delay': {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            pendingTimers.delete(timer);
            resolve();
          }, scripted.ms);
          pendingTimers.add(timer);
        });
        if (response.destroyed || response.writableEnded) return;
        return respond(response, body, scripted.then ?? defaultResponse);
      }
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (request.method !== 'POST' || !/\/chat\/completions$/.test(path)) {
        return sendJson(response, 404, {
          error: { message: `No route for ${request.method} ${path}`, type: 'not_found' },
        });
      }
      const raw = await readBody(request);
      let body: ChatCompletionRequestBody;
      try {
        body = JSON.parse(raw) as ChatCompletionRequestBody;
      } catch {
        return sendJson(response, 400, {
          error: { message: 'Request body is not JSON', type: 'invalid_request_error' },
        });
      }
      requests.push({ path, headers: request.headers, body });
      const scripted = queue.shift() ?? defaultResponse;
      await respond(response, body, scripted);
    })().catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, { error: { message: 'Fake server failure', type: 'server_error' } });
      else response.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue(...responses) {
      queue.push(...responses);
    },
    setDefault(response) {
      defaultResponse = response;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      defaultResponse = { kind: 'from-schema' };
    },
    promptText(index) {
      const request = requests.at(index ?? -1);
      if (!request) return '';
      return (request.body.messages ?? [])
        .map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
        .join('\n');
    },
    async close() {
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
