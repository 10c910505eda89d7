import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { deviceScreens } from '@shared/messages/device-screens';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens };

export type UtilizationBand = 'green' | 'yellow' | 'red';

/**
 * The device utilization icon's colour (spec section 4 "Utilization bands"): green for 1-20,
 * yellow above 20, red above 50. Below 1 (or not measured yet) the device has no band.
 */
export function utilizationBand(utilization: number | undefined): UtilizationBand | undefined {
  if (utilization === undefined || utilization < 1) return undefined;
  if (utilization > 50) return 'red';
  if (utilization > 20) return 'yellow';
  return 'green';
}

const indicatorOf: Record<UtilizationBand, StatusIndicatorProps.Type> = { green: 'success', yellow: 'warning', red: 'error' };

/** The utilization with its band's coloured icon, the colour also named for those who do not see it. */
export function UtilizationCell({ utilization }: { utilization: number | undefined }) {
  const band = utilizationBand(utilization);
  const text = utilization === undefined ? '' : String(Math.round(utilization));
  if (!band) return <span data-utilization-band="none">{text}</span>;
  return (
    <span data-utilization-band={band}>
      <StatusIndicator type={indicatorOf[band]} iconAriaLabel={messages.deviceScreens.utilizationBand[band]}>
        {text}
      </StatusIndicator>
    </span>
  );
}
