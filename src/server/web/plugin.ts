import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, webRoutes } from '../../shared/routes';

const webRouteSet = new Set<string>(webRoutes);

function isWebRoute(pathname: string): boolean {
  // '/login/' and '/login' are the same page.
  return webRouteSet.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/**
 * A browser opening an address by hand: it asks for HTML, and the path is neither the API's nor a
 * file's (a missing script or image must stay a plain 404, never a page).
 */
function wantsPage(request: FastifyRequest, pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return (
    String(request.headers.accept ?? '').includes('text/html') &&
    !pathname.startsWith('/assets/') &&
    !lastSegment.includes('.')
  );
}

/**
 * Serves the built React app and answers the SPA's routes with index.html. An unknown address a
 * browser opens gets index.html with status 404, so the app shows its own not-found page; everything
 * else that matches nothing, API paths above all, gets a JSON 404 so a typo in an API call is never
 * mistaken for a page.
 */
export const webPlugin = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    // Loaded only when there is a build to serve: the API alone (and every server test) never needs it.
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each file; the one the browser accepts is sent, with
      // `vary: accept-encoding` so a shared cache keeps them apart.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    const known = isPage && isWebRoute(pathname);
    if (known || (isPage && built && wantsPage(request, pathname))) {
      if (!built) {
        return reply
          .status(503)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><title>ARLO</title><p>The web app is not built yet. Run <code>npm start</code>.</p>',
          );
      }
      return reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
});
