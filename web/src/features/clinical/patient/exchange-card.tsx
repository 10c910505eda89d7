import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { exchangeFluidColour, exchangeFluids, type ExchangeFluid } from '@shared/device';
import { prescriptions } from '@shared/messages/prescriptions';
import { NumericStepper } from '@web/src/components/fields/numeric-stepper';
import { DayButtons } from './day-buttons';
import { FILL_VOLUME, MAX_TIMES_PER_CARD, timeSlots, type ExchangeDraft } from './prescription-draft';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { prescriptions };

const s = messages.prescriptions.screen;
const fluidOptions = exchangeFluids.map((fluid) => ({ value: fluid, label: fluid }));
const slotOptions = timeSlots.map((time) => ({ value: time, label: time }));

export interface ExchangeCardProps {
  index: number;
  exchange: ExchangeDraft;
  onChange: (exchange: ExchangeDraft) => void;
  onAddTime: () => void;
  onDelete: () => void;
  /** The card's first message per input (`ExchangeFluid`, `ExchangeTime`, …), already filtered to what shows. */
  errors: Partial<Record<keyof ExchangeDraft, string>>;
  readOnly: boolean;
  deletable: boolean;
}

/** One exchange card (spec sections 2, 3, 9): fluid with its colour, fill volume, days, and up to 5 times on the 15-minute grid. */
export function ExchangeCard({ index, exchange, onChange, onAddTime, onDelete, errors, readOnly, deletable }: ExchangeCardProps) {
  const number = index + 1;
  const colour = exchangeFluidColour(exchange.ExchangeFluid || undefined);
  const set = <K extends keyof ExchangeDraft>(key: K, value: ExchangeDraft[K]) => onChange({ ...exchange, [key]: value });
  return (
    <div
      style={{ minWidth: 320, maxWidth: 320, borderTop: `6px solid ${exchange.ExchangeFluid ? colour.css : 'transparent'}` }}
      data-testid={`exchange-card-${number}`}
    >
      <Container
        header={
          <Header
            variant="h3"
            actions={<Button variant="icon" iconName="remove" ariaLabel={s.deleteExchange(number)} disabled={readOnly || !deletable} onClick={onDelete} />}
          >
            {s.exchangeTitle(number)}
          </Header>
        }
      >
        <SpaceBetween size="m">
          <FormField
            label={s.fluid}
            errorText={errors.ExchangeFluid}
            description={exchange.ExchangeFluid ? s.fluidColour(s.colourNames[colour.name]) : undefined}
          >
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <span
                aria-hidden="true"
                style={{
                  display: 'inline-block',
                  width: 16,
                  height: 16,
                  borderRadius: 8,
                  background: exchange.ExchangeFluid ? colour.css : 'transparent',
                  border: '1px solid #656871',
                }}
              />
              <Select
                selectedOption={fluidOptions.find((option) => option.value === exchange.ExchangeFluid) ?? null}
                options={fluidOptions}
                placeholder={s.chooseFluid}
                disabled={readOnly}
                ariaLabel={`${s.fluid} ${s.exchangeTitle(number)}`}
                onChange={({ detail }) => set('ExchangeFluid', (detail.selectedOption.value ?? '') as ExchangeFluid)}
              />
            </SpaceBetween>
          </FormField>
          <NumericStepper
            label={s.fillVolume}
            value={exchange.ExchangeLiter}
            min={FILL_VOLUME.min}
            max={FILL_VOLUME.max}
            step={FILL_VOLUME.step}
            readOnly={readOnly}
            errorText={errors.ExchangeLiter}
            onChange={(value) => set('ExchangeLiter', value)}
          />
          <FormField label={s.days} errorText={errors.ExchangeDaysFrequency}>
            <DayButtons
              label={s.daysOf(number)}
              value={exchange.ExchangeDaysFrequency}
              disabled={readOnly}
              onChange={(days) => set('ExchangeDaysFrequency', days)}
            />
          </FormField>
          <FormField label={s.times} errorText={errors.ExchangeTime}>
            <SpaceBetween size="xs">
              {exchange.ExchangeTime.map((time, timeIndex) => (
                <SpaceBetween key={timeIndex} direction="horizontal" size="xs" alignItems="center">
                  <Select
                    selectedOption={{ value: time, label: time }}
                    options={slotOptions}
                    disabled={readOnly}
                    ariaLabel={`${s.time(timeIndex + 1)}, ${s.exchangeTitle(number)}`}
                    onChange={({ detail }) =>
                      set(
                        'ExchangeTime',
                        exchange.ExchangeTime.map((candidate, at) => (at === timeIndex ? (detail.selectedOption.value ?? candidate) : candidate)),
                      )
                    }
                  />
                  <Button
                    variant="icon"
                    iconName="close"
                    ariaLabel={`${s.removeTime(timeIndex + 1)}, ${s.exchangeTitle(number)}`}
                    disabled={readOnly || exchange.ExchangeTime.length <= 1}
                    onClick={() =>
                      set(
                        'ExchangeTime',
                        exchange.ExchangeTime.filter((_, at) => at !== timeIndex),
                      )
                    }
                  />
                </SpaceBetween>
              ))}
              <Box>
                <Button
                  iconName="add-plus"
                  disabled={readOnly || exchange.ExchangeTime.length >= MAX_TIMES_PER_CARD}
                  onClick={onAddTime}
                  ariaLabel={`${s.addTime}, ${s.exchangeTitle(number)}`}
                >
                  {s.addTime}
                </Button>
              </Box>
            </SpaceBetween>
          </FormField>
        </SpaceBetween>
      </Container>
    </div>
  );
}
