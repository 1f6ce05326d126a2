// Counters and histograms for the hot paths (the chat turn, issue 28), registered in a prom-client
// Registry like its own metrics. Every label set is bound once, when the metric is made; counting is then
// an addition to a number of that cell: no label object, hash string or map lookup per event, which
// prom-client's own `labels(...).inc()` / `.observe()` make on every call. The registry reads the cells
// when Prometheus scrapes, through `get()` (prom-client's metric interface), and writes the usual text.
import type { Registry } from "prom-client";

type Labels = Record<string, string>;
/** What prom-client's registry reads from a metric (its `get()`): the values with their labels. */
type Exported = { name: string; help: string; type: "counter" | "histogram"; aggregator: "sum"; values: { labels: Labels; value: number; metricName?: string }[] };

export type CounterCell = { inc(by?: number): void };
export type HistogramCell = { observe(value: number): void };

type Cell<T> = { labels: Labels; state: T };

abstract class BoundMetric<T> {
  readonly aggregator = "sum" as const;
  protected readonly cells: Cell<T>[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    protected readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The cell of these label values (in `labelNames` order); bind each once, then keep it. */
  protected cell(values: readonly string[], state: T): Cell<T> {
    if (values.length !== this.labelNames.length) throw new Error(`${this.name}: ${this.labelNames.length} label value(s) expected`);
    const labels = Object.fromEntries(this.labelNames.map((label, i) => [label, values[i]!]));
    const cell = { labels, state };
    this.cells.push(cell);
    return cell;
  }

  reset(): void {}
}

export class BoundCounter extends BoundMetric<{ value: number }> {
  readonly type = "counter" as const;

  bind(...values: string[]): CounterCell {
    const { state } = this.cell(values, { value: 0 });
    return {
      inc(by = 1) {
        state.value += by;
      },
    };
  }

  async get(): Promise<Exported> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.cells.map((c) => ({ labels: c.labels, value: c.state.value })) };
  }
}

type HistogramState = { counts: Float64Array; sum: number; count: number };

export class BoundHistogram extends BoundMetric<HistogramState> {
  readonly type = "histogram" as const;

  constructor(name: string, help: string, labelNames: readonly string[], registry: Registry, private readonly buckets: readonly number[]) {
    super(name, help, labelNames, registry);
    if (buckets.some((b, i) => i > 0 && b <= buckets[i - 1]!)) throw new Error(`${name}: buckets must increase`);
  }

  bind(...values: string[]): HistogramCell {
    const { buckets } = this;
    const { state } = this.cell(values, { counts: new Float64Array(buckets.length), sum: 0, count: 0 });
    return {
      observe(value) {
        // A few buckets: a scan is as quick as a search. Values over the last bucket count only in +Inf.
        for (let i = 0; i < buckets.length; i++) {
          if (value <= buckets[i]!) {
            state.counts[i]! += 1;
            break;
          }
        }
        state.sum += value;
        state.count += 1;
      },
    };
  }

  async get(): Promise<Exported> {
    const values: Exported["values"] = [];
    for (const { labels, state } of this.cells) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += state.counts[i]!;
        values.push({ labels: { ...labels, le: String(le) }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: "+Inf" }, value: state.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: state.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: state.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
