/**
 * An Edit project that changes the currency: the total budget follows at the day's rate when the lead left its amount
 * as it was (budget-currency.ts). The command itself carries the converted amount, so undo brings the old one back.
 */
import Big from 'big.js';
import { budgetConversion } from '../../../shared/domain/budget/budget-currency';
import type { PlanCommand } from '../../../shared/domain/plan/commands';
import type { Plan, PlanCatalog } from '../../../shared/domain/plan/types';

export function withBudgetInNewCurrency(plan: Plan, command: PlanCommand, catalog: Pick<PlanCatalog, 'rates'>, now: Date): PlanCommand {
  if (command.type !== 'upsert' || command.entity !== 'project') return command;
  const before = plan.project;
  const after = command.value;
  if (after.currency === before.currency || after.budget !== before.budget || new Big(before.budget || '0').eq(0)) return command;
  const conversion = budgetConversion(before.currency, after.currency, now.toISOString().slice(0, 10), catalog.rates ?? []);
  return { ...command, value: { ...after, budget: conversion.convert(before.budget || '0') } };
}
