/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Page language, set by src/middleware.ts from the URL prefix. */
    lang: 'en' | 'hi';
    /** Server services, attached by the server entry before Astro renders. */
    services?: import('./server/services/index.ts').Services;
    /** Operator settings the pages show (CONTACT_EMAIL). */
    site?: { contactEmail: string | null };
  }
}
