/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Page language, set by src/middleware.ts from the URL prefix. */
    lang: 'en' | 'hi';
    /**
     * The page's route model, set by src/middleware.ts: its declaration (src/pages/_routes.ts) and
     * its query read by it; null for a page that declares none. Pages read it typed with
     * routeQuery(Astro, theirRoute) (src/server/http/page-routes.ts).
     */
    route?: import('./server/http/page-routes.ts').RouteModel | null;
    /** Server services, attached by the server entry before Astro renders. */
    services?: import('./server/services/index.ts').Services;
    /**
     * Operator settings the pages show (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS, ANDROID_APP_URL),
     * and the origin every absolute URL is built from (PUBLIC_ORIGIN, or a validated Host on a local
     * install: src/server/http/site-origin.ts).
     */
    site?: import('./server/http/app.ts').OperatorDetails & { origin: string; retention: import('./server/http/app.ts').Retention };
    /** The signed-in user (session cookie), set by the server's auth hook; null when signed out. */
    user?: import('./server/auth/index.ts').SessionUser | null;
    /** The csrf value pages hand their islands (x-csrf-token); null when signed out. */
    csrfToken?: string | null;
    /** The client's address (TRUST_PROXY applied), set by the server; not shown to anyone. */
    clientIp?: string;
  }
}
