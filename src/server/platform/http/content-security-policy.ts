/**
 * The Content Security Policy and the other headers helmet makes (security-headers.ts sends them):
 * they depend on the configuration alone, so they are worked out once at start.
 */
import type { HelmetOptions } from 'helmet';
import { THEME_BOOT_SCRIPT } from '#core/theme.js';
import { firebaseConnectSources } from '#server/adapters/firebase/web-sdk-origins.js';
import type { Config } from '#server/platform/config.js';
import { inlineScriptSource } from './security-headers.js';

export function securityPolicy(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the theme's, which must run before the first paint (src/core/theme.ts).
        scriptSrc: ["'self'", inlineScriptSource(THEME_BOOT_SCRIPT)],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only images served here (uploads are stored here; image URLs elsewhere are refused), and
        // blob: for the preview of an image being uploaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...firebaseConnectSources(config)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    strictTransportSecurity: config.isHttps,
    crossOriginEmbedderPolicy: false,
  };
}
