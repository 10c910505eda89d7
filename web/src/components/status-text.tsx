import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';

/**
 * A status indicator whose text breaks between words. Cloudscape's breaks a line at any letter
 * (`word-break: break-all`), which suits a one-word status but cuts an alert's words and numbers
 * where a narrow column or screen wraps it: "38.8 °C is a|bove", "within 12|0 minutes". A word
 * longer than the line still breaks, so the indicator needs no more room than before.
 */
export function StatusText({ children, ...props }: StatusIndicatorProps) {
  return (
    <StatusIndicator {...props}>
      <span style={{ wordBreak: 'normal', overflowWrap: 'anywhere' }}>{children}</span>
    </StatusIndicator>
  );
}
