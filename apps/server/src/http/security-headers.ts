import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { apiBase } from './implement';

/*
 * The headers browsers use to protect the people on our pages (issue 24, OWASP ASVS §14.4, decision 031), on
 * every answer, from @fastify/helmet: a Content-Security-Policy that lets nothing run or load but our own
 * files (and the operator's customer-service script's origin when one is configured), no framing, no
 * sniffing, a strict referrer, our own browsing-context group. Three headers are made here instead: the
 * Content-Security-Policy itself (built once per service-script setting rather than per answer, issue 18),
 * Permissions-Policy, and Strict-Transport-Security only when the request is known to have come over
 * HTTPS (behind a proxy that says so, TRUST_PROXY), since a plain-HTTP localhost must keep working.
 */

export const cspReportPath = `${apiBase}/csp-report`;

/** The origin of an http(s) URL, or null. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Browser features the pages never use; the app keeps the camera for the KYC document photo. */
const appPermissions = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
const otherPermissions = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

const isAdminPage = (req: FastifyRequest) => req.url === '/admin' || req.url.startsWith('/admin/');
const isApi = (req: FastifyRequest) =>
  req.url.startsWith(apiBase) || req.url.startsWith('/healthz') || req.url.startsWith('/readyz');

/** The policy's directives, in the order they are sent, for a service script of the given origin (or none). */
function policyDirectives(service: string | null): [string, string[]][] {
  const withService = (...sources: string[]) => (service ? [...sources, service] : sources);
  return [
    ['default-src', ["'self'"]],
    ['script-src', withService("'self'")],
    // Styles come from our own files; React and the charts set styles through the CSSOM, which CSP allows.
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    // 'self' covers the WebSocket of the same host (ws: and wss:) in CSP Level 3.
    ['connect-src', withService("'self'")],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', [service ?? "'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['report-uri', [cspReportPath]],
  ];
}

/** The Content-Security-Policy header for a configured service script URL (empty when none). */
export function contentSecurityPolicy(serviceScriptUrl: string): string {
  return policyDirectives(originOf(serviceScriptUrl))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The script in force can change while the server runs (the back office's setting, decision 039), so the
  // policy follows `config.serviceScriptUrl` on every answer; it is built again only when that value is not
  // the one the last policy was built for (issue 18: building it per answer was ~3% of a read).
  let policyFor: string | undefined;
  let policy = '';
  const currentPolicy = () => {
    if (config.serviceScriptUrl !== policyFor) {
      policy = contentSecurityPolicy(config.serviceScriptUrl);
      policyFor = config.serviceScriptUrl;
    }
    return policy;
  };
  // Set when the request arrives, as helmet would, so a call that sends its own policy (an uploaded file's
  // sandbox) replaces it.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', currentPolicy());
  });

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('permissions-policy', isApi(req) || isAdminPage(req) ? otherPermissions : appPermissions);
    // req.protocol reads X-Forwarded-Proto only when TRUST_PROXY is set; otherwise it is the socket's.
    if (req.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  mountCspReports(app);
}

/** Reports per client address per minute beyond which they are dropped unlogged. */
const reportsPerMinute = 20;

/**
 * Where browsers report what the policy blocked (report-uri's `application/csp-report` and the Reporting
 * API's `application/reports+json`): each report is logged as a warning for the operator, at most 20 a
 * minute from one address so a page cannot fill the logs.
 */
function mountCspReports(app: FastifyInstance): void {
  const seen = new Map<string, { windowStartMs: number; count: number }>();
  const readJson = (
    _req: FastifyRequest,
    body: string,
    done: (err: Error | null, value?: unknown) => void,
  ) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(null, null);
    }
  };
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    readJson,
  );

  app.post(cspReportPath, async (req, reply) => {
    const now = Date.now();
    const mine = seen.get(req.ip);
    if (!mine || now - mine.windowStartMs >= 60_000) seen.set(req.ip, { windowStartMs: now, count: 1 });
    else mine.count++;
    if (seen.size > 10_000) seen.clear();
    if ((seen.get(req.ip)?.count ?? 0) <= reportsPerMinute) {
      const body = req.body as Record<string, unknown> | unknown[] | null;
      const reports = Array.isArray(body)
        ? body.map((r) => (r as { body?: unknown }).body)
        : [body?.['csp-report'] ?? body];
      for (const report of reports)
        req.log.warn({ cspViolation: report, ip: req.ip }, 'content security policy violation');
    }
    return reply.status(204).send();
  });
}
