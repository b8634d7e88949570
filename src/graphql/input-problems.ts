// The argument rules a request broke, as data: which argument (and field of an
// input object), the value, and each broken rule with its bounds. GraphQL
// answers with class-validator's own sentence naming the argument; the REST face
// reads this instead, to say the same in its own parameter's name
// (src/rest/rest-errors.ts), without parsing our sentences back.
import { getMetadataStorage, type ValidationError } from 'class-validator';
import type { ArgumentValidationError } from 'type-graphql';

export interface Rule {
  /** class-validator's constraint name: min, max, arrayMinSize, isPeriod … */
  name: string;
  constraints: unknown[];
  /** Checked on each item of a list. */
  each: boolean;
  /** The rule's own sentence about a value named `property`. */
  sentence(property: string, value: unknown): string;
}

export interface ArgumentProblem {
  /** The argument, then the input-object fields down to the one at fault: `['input', 'limit']`. */
  path: string[];
  value: unknown;
  /** The rules the value broke. */
  broken: Rule[];
  /** Every rule of that argument, broken or not: a range is told whole ("between 1 and 20"). */
  rules: Rule[];
}

type Constraint = { defaultMessage?: (args: unknown) => string };

/** class-validator's message template, filled as it fills it ($property, $value, $constraint1 …). */
function fill(template: string, property: string, value: unknown, constraints: unknown[]): string {
  return constraints.reduce<string>((t, c, i) => t.replaceAll(`$constraint${i + 1}`, String(c)), template)
    .replaceAll('$property', property).replaceAll('$value', String(value));
}

function rulesOf(target: object | undefined, property: string): Rule[] {
  if (!target) return [];
  const storage = getMetadataStorage();
  return storage.getTargetValidationMetadatas(target.constructor, '', true, false)
    .filter((m) => m.propertyName === property && m.name)
    .map((m) => ({
      name: m.name as string, constraints: m.constraints ?? [], each: m.each ?? false,
      sentence: (p: string, value: unknown) => {
        const c = new (m.constraintCls as new () => Constraint)();
        const args = { property: p, value, constraints: m.constraints ?? [], targetName: target.constructor.name, object: target };
        return fill(c.defaultMessage?.(args) ?? `$property is invalid`, p, value, m.constraints ?? []);
      },
    }));
}

function problemsOf(v: ValidationError, parents: string[]): ArgumentProblem[] {
  const path = [...parents, v.property];
  const own: ArgumentProblem[] = [];
  const brokenNames = Object.keys(v.constraints ?? {});
  if (brokenNames.length) {
    const rules = rulesOf(v.target, v.property);
    const broken = brokenNames.map((n) => rules.find((r) => r.name === n)
      ?? { name: n, constraints: [], each: false, sentence: () => v.constraints?.[n] ?? `${v.property} is invalid` });
    own.push({ path, value: v.value, broken, rules });
  }
  return [...own, ...(v.children ?? []).flatMap((c) => problemsOf(c, path))];
}

export const argumentProblems = (err: ArgumentValidationError): ArgumentProblem[] =>
  err.extensions.validationErrors.flatMap((v) => problemsOf(v, []));
