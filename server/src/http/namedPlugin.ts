/**
 * A name for a route plugin that Fastify would otherwise look up. For a plugin without a display
 * name Fastify searches `require.cache` for a module exporting it, twice per `register`; under jest
 * that cache is a proxy over thousands of modules, and the search was a third of a test server's
 * start (0.75 s of CPU per server). Plugins made with `fastify-plugin` carry a name already.
 */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function named<Plugin extends (...args: never[]) => unknown>(plugin: Plugin, name?: string): Plugin {
  if (!Object.prototype.hasOwnProperty.call(plugin, DISPLAY_NAME))
    Object.defineProperty(plugin, DISPLAY_NAME, { value: name ?? (plugin.name || 'routes') });
  return plugin;
}
