import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type LambdaLike = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

export interface LocalRoute {
  method: string | '*';
  /** API Gateway style template (`/api/companies/{id}`) or a prefix ending in `/*` (`/mcp/*`). */
  path: string;
  routeKey: string;
  maxBodyBytes: number;
  handler: LambdaLike;
}

interface Compiled extends LocalRoute {
  regex: RegExp;
  names: string[];
  rank: number;
}

/** Matches requests to routes the way API Gateway does: literal segments win over parameters. */
export class Router {
  private readonly routes: Compiled[] = [];

  add(route: LocalRoute) {
    const prefix = route.path.endsWith('/*');
    const template = prefix ? route.path.slice(0, -2) : route.path;
    const names: string[] = [];
    const pattern = template
      .split('/')
      .map((seg) => {
        const m = /^\{([A-Za-z0-9_]+)\}$/.exec(seg);
        if (m) return (names.push(m[1]), '([^/]+)');
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const regex = new RegExp(`^${pattern}${prefix ? '(?:/.*)?' : ''}$`);
    this.routes.push({ ...route, regex, names, rank: names.length * 10 + (prefix ? 100 : 0) });
    this.routes.sort((a, b) => a.rank - b.rank);
  }

  match(method: string, path: string) {
    for (const r of this.routes) {
      if (r.method !== '*' && r.method !== method) continue;
      const m = r.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => (params[n] = safeDecode(m[i + 1])));
      return { route: r as LocalRoute, params };
    }
    return undefined;
  }
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
