// A Vite plugin that gives the app every route module's `handle` without loading the route modules.
// The navigation lists pages the person has not opened yet, so it needs their handles up front; an
// eager import of the route modules would put every page's code into the first load. Instead this
// reads each file under app/routes at build time, takes the object literal of its
// `export const handle = {…}`, and serves them all as the module `virtual:route-handles`.
// A handle must therefore be a plain literal (strings, numbers, booleans, objects, arrays), which the
// plugin checks: anything else stops the build with the file's name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:route-handles';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * The URL of a flat-routes file name, for static routes: `_dash.dash.students_.new.tsx` →
 * `/dash/students/new`. Pathless layout segments (`_dash`) and `_index` add nothing, a trailing `_`
 * only opts out of nesting. Returns null for a route with a dynamic or splat segment.
 */
export function routePathOf(file: string): string | null {
  const name = file.replace(/\.(tsx|ts|jsx|js)$/, '');
  if (name === 'root') return null;
  const segments: string[] = [];
  for (const raw of name.split('.')) {
    if (raw.startsWith('$')) return null;
    if (raw.startsWith('_')) continue;
    segments.push(raw.replace(/_$/, ''));
  }
  // A name of pathless segments only is a layout (`_dash`), unless it is an index route.
  if (segments.length === 0 && !name.endsWith('_index')) return null;
  return `/${segments.join('/')}`;
}

function isPlainLiteral(node: ts.Node): boolean {
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isNumericLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword
  ) {
    return true;
  }
  if (ts.isPrefixUnaryExpression(node)) return isPlainLiteral(node.operand);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isPlainLiteral);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every(
      (property) =>
        ts.isPropertyAssignment(property) &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
        isPlainLiteral(property.initializer),
    );
  }
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return isPlainLiteral(node.expression);
  return false;
}

function unwrap(node: ts.Expression): ts.Expression {
  return ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isParenthesizedExpression(node)
    ? unwrap(node.expression)
    : node;
}

/** The source text of a route module's `handle` literal, or null when it declares none. */
export function extractHandle(source: string, fileName: string): string | null {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.ES2022,
    true,
    ts.ScriptKind.TSX,
  );
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'handle') continue;
      const initializer = declaration.initializer ? unwrap(declaration.initializer) : null;
      if (!initializer || !isPlainLiteral(initializer)) {
        throw new Error(
          `${fileName}: \`export const handle\` must be a plain object literal (strings, numbers, booleans, objects, arrays), so the navigation can read it without loading the route.`,
        );
      }
      return initializer.getText(file);
    }
  }
  return null;
}

/** The value of a plain literal (checked by isPlainLiteral first). */
function literalValue(node: ts.Expression): unknown {
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
  if (ts.isNumericLiteral(inner)) return Number(inner.text);
  if (inner.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (inner.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isPrefixUnaryExpression(inner)) {
    const value = Number(literalValue(inner.operand));
    return inner.operator === ts.SyntaxKind.MinusToken ? -value : value;
  }
  if (ts.isArrayLiteralExpression(inner)) return inner.elements.map((e) => literalValue(e));
  if (ts.isObjectLiteralExpression(inner)) {
    return Object.fromEntries(
      inner.properties.flatMap((property) =>
        ts.isPropertyAssignment(property) &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? [[property.name.text, literalValue(property.initializer)]]
          : [],
      ),
    );
  }
  return undefined;
}

function routeFiles(routesDir: string): string[] {
  return readdirSync(routesDir)
    .filter((file) => /\.(tsx|ts)$/.test(file) && !/\.(test|d)\.(tsx|ts)$/.test(file))
    .sort();
}

/**
 * Every route module's handle as data, for tools and browser tests that run outside Vite (the
 * route-matrix and accessibility specs walk every page from it).
 */
export function readRouteHandles(
  routesDir: string,
): Array<{ file: string; path: string | null; handle: Record<string, unknown> }> {
  return routeFiles(routesDir).flatMap((file) => {
    const text = extractHandle(readFileSync(path.join(routesDir, file), 'utf8'), file);
    if (!text) return [];
    const expression = ts.createSourceFile('handle.ts', `(${text})`, ts.ScriptTarget.ES2022, true)
      .statements[0];
    if (!expression || !ts.isExpressionStatement(expression)) return [];
    const handle = literalValue(expression.expression);
    return handle && typeof handle === 'object' && !Array.isArray(handle)
      ? [{ file, path: routePathOf(file), handle: Object.fromEntries(Object.entries(handle)) }]
      : [];
  });
}

/** The module text: every route file with a handle, its static path (or null) and the handle. */
export function routeHandlesModule(routesDir: string): string {
  const entries = routeFiles(routesDir).flatMap((file) => {
    const handle = extractHandle(readFileSync(path.join(routesDir, file), 'utf8'), file);
    if (!handle) return [];
    return [
      `  { file: ${JSON.stringify(file)}, path: ${JSON.stringify(routePathOf(file))}, handle: ${handle} },`,
    ];
  });
  return `export const ROUTE_HANDLES = [\n${entries.join('\n')}\n];\n`;
}

export function routeHandles({ routesDir }: { routesDir: string }): Plugin {
  return {
    name: 'learning-centre:route-handles',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const file of readdirSync(routesDir)) this.addWatchFile(path.join(routesDir, file));
      return routeHandlesModule(routesDir);
    },
    handleHotUpdate({ file, server }) {
      // A route's handle changed: the navigation must be rebuilt from the new text.
      if (!file.startsWith(routesDir)) return;
      const module = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
