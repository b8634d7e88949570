// Requests by route pattern, never by raw URL: the label set is the route
// table plus `unmatched`, whatever clients send.
import { Counter, Histogram, type Registry } from 'prom-client';

/** prom-client's defaults: 5 ms to 10 s (REQUEST_TIMEOUT_MS's default). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class HttpMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;

  constructor(register: Registry) {
    this.requests = new Counter({
      name: 'sga_http_requests_total', help: 'HTTP answers by method, route pattern and status (499: the client left first)',
      labelNames: ['method', 'route', 'status'], registers: [register],
    });
    this.duration = new Histogram({
      name: 'sga_http_request_duration_seconds', help: 'Time from a request\'s arrival to its answer\'s last byte, by method and route pattern',
      labelNames: ['method', 'route'], buckets: HTTP_BUCKETS, registers: [register],
    });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.duration.observe({ method, route }, seconds);
  }
}
