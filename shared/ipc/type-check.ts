/**
 * Type-level checks that a contract schema and the domain type it carries say the same thing: a response schema
 * whose output differs from its domain type (a field added, dropped or retyped on either side) fails `tsc`.
 */

/** true when A and B are the same type (not merely assignable both ways: optional fields count). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only for `true`: `export type _Checked = Assert<Equals<z.output<typeof schema>, DomainType>>`. */
export type Assert<T extends true> = T;
