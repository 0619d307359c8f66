import { register } from 'node:module';

/**
 * next-intl ships ESM that imports `next/server` without an extension, which Next's bundler accepts and Node's
 * resolver does not. Tests that run proxy.ts import this first: it teaches Node's resolver that one mapping.
 */
const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === 'next/server' && context.parentURL && context.parentURL.includes('/next-intl/')) {
    return next('next/server.js', context);
  }
  return next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hook)}`);
