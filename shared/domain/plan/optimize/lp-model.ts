/**
 * A small builder of mixed-integer linear programs, written out in the CPLEX LP text format that HiGHS reads.
 * Variables and rows get generated names (x0, r0 …); callers keep their own meaning of each index.
 */

export type VariableType = 'continuous' | 'binary' | 'integer';

export interface Variable {
  index: number;
  name: string;
  lower: number;
  upper: number;
  type: VariableType;
  cost: number;
}

export interface Row {
  index: number;
  name: string;
  terms: Array<[number, number]>;
  sense: '<=' | '>=' | '=';
  rhs: number;
}

function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`A model coefficient is not finite: ${value}`);
  // LP text accepts plain decimals and exponents; 12 significant digits keeps money and hours exact enough.
  return String(Number(value.toPrecision(12)));
}

export class LinearModel {
  readonly variables: Variable[] = [];
  readonly rows: Row[] = [];

  addVariable(options: { lower?: number; upper?: number; type?: VariableType; cost?: number } = {}): number {
    const index = this.variables.length;
    const type = options.type ?? 'continuous';
    this.variables.push({
      index,
      name: `x${index}`,
      lower: options.lower ?? 0,
      upper: type === 'binary' ? 1 : (options.upper ?? Infinity),
      type,
      cost: options.cost ?? 0,
    });
    return index;
  }

  addCost(variable: number, cost: number): void {
    this.variables[variable]!.cost += cost;
  }

  /** Adds a row; terms with the same variable are summed, zero coefficients dropped. Returns the row index, or -1 if empty. */
  addRow(terms: Array<[number, number]>, sense: Row['sense'], rhs: number): number {
    const merged = new Map<number, number>();
    for (const [v, c] of terms) merged.set(v, (merged.get(v) ?? 0) + c);
    const kept = [...merged].filter(([, c]) => c !== 0);
    if (kept.length === 0) return -1;
    const index = this.rows.length;
    this.rows.push({ index, name: `r${index}`, terms: kept, sense, rhs });
    return index;
  }

  /** The model as CPLEX LP text (minimisation). */
  toLpText(): string {
    const out: string[] = ['Minimize', ' obj:'];
    // Every variable appears in the objective, in index order, so the solver numbers its columns as we do.
    const costTerms = this.variables.map((v) => `${v.cost >= 0 ? '+' : '-'} ${num(Math.abs(v.cost))} ${v.name}`);
    for (let i = 0; i < costTerms.length; i += 8) out.push(`  ${costTerms.slice(i, i + 8).join(' ')}`);
    out.push('Subject To');
    for (const row of this.rows) {
      const terms = row.terms.map(([v, c]) => `${c >= 0 ? '+' : '-'} ${num(Math.abs(c))} x${v}`);
      out.push(` ${row.name}:`);
      for (let i = 0; i < terms.length; i += 8) out.push(`  ${terms.slice(i, i + 8).join(' ')}`);
      out.push(`  ${row.sense} ${num(row.rhs)}`);
    }
    out.push('Bounds');
    for (const v of this.variables) {
      if (v.type === 'binary') continue;
      const upper = Number.isFinite(v.upper) ? ` <= ${num(v.upper)}` : '';
      out.push(` ${num(v.lower)} <= ${v.name}${upper}`);
    }
    const binaries = this.variables.filter((v) => v.type === 'binary').map((v) => v.name);
    if (binaries.length > 0) {
      out.push('Binary');
      for (let i = 0; i < binaries.length; i += 16) out.push(` ${binaries.slice(i, i + 16).join(' ')}`);
    }
    const integers = this.variables.filter((v) => v.type === 'integer').map((v) => v.name);
    if (integers.length > 0) {
      out.push('General');
      for (let i = 0; i < integers.length; i += 16) out.push(` ${integers.slice(i, i + 16).join(' ')}`);
    }
    out.push('End');
    return out.join('\n');
  }

  /** Objective value and row activities of a solution (by variable index). */
  evaluate(values: ArrayLike<number>): { objective: number; activity: number[] } {
    let objective = 0;
    for (const v of this.variables) objective += v.cost * (values[v.index] ?? 0);
    const activity = this.rows.map((r) => r.terms.reduce((s, [v, c]) => s + c * (values[v] ?? 0), 0));
    return { objective, activity };
  }
}

/** What a solver adapter returns: a status and the value of every variable (by index). */
export interface SolverAnswer {
  status: 'optimal' | 'feasible' | 'infeasible' | 'time-limit-no-solution' | 'error';
  values: number[];
  /** Relative MIP gap where the solver reports one (0 at optimality). */
  gap: number | null;
  message: string;
  seconds: number;
}
