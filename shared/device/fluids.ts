import { z } from 'zod';

/** The four dialysis fluids of the spec (section 3, Fluid types), spelled as the spec has them. */
export const exchangeFluids = ['DIAneal 1.36%', 'DIAneal 2.27%', 'DIAneal 3.86%', 'EXTRAneal'] as const;
export type ExchangeFluid = (typeof exchangeFluids)[number];

export const exchangeFluidSchema = z.enum(exchangeFluids);

export interface FluidColour {
  /** The colour's name as the spec gives it. */
  name: 'Yellow' | 'Green' | 'Orange' | 'Purple';
  /** A CSS colour for the fluid's marks in the exchange table and charts. */
  css: 'gold' | 'green' | 'orange' | 'purple';
}

/** Each fluid's display colour: 1.36% yellow (gold), 2.27% green, 3.86% orange, EXTRAneal purple. */
export const exchangeFluidColours: Readonly<Record<ExchangeFluid, FluidColour>> = {
  'DIAneal 1.36%': { name: 'Yellow', css: 'gold' },
  'DIAneal 2.27%': { name: 'Green', css: 'green' },
  'DIAneal 3.86%': { name: 'Orange', css: 'orange' },
  EXTRAneal: { name: 'Purple', css: 'purple' },
};

export function isExchangeFluid(value: unknown): value is ExchangeFluid {
  return typeof value === 'string' && (exchangeFluids as readonly string[]).includes(value);
}

/** The display colour of a fluid; an unknown or missing fluid shows gold, as the spec says. */
export function exchangeFluidColour(fluid: string | null | undefined): FluidColour {
  return isExchangeFluid(fluid) ? exchangeFluidColours[fluid] : exchangeFluidColours['DIAneal 1.36%'];
}
