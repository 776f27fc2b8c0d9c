import { Stepper, type StepperRef } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef } from 'react';

/*
 * antd-mobile's Stepper for a whole count (lots, contracts), with what a screen reader needs (issue 21): its
 * box gets the field's visible label as its name (the Stepper passes no label or id to its input), and it
 * always has a maximum, because without one the Stepper writes aria-valuemax="NaN", an invalid value. The
 * Stepper also copies the spin button's aria-value* onto the box's wrapper <div>, where they are not allowed:
 * they are taken off it whenever React writes them there.
 */

const spinOnly = ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'];

export interface LabelledStepperProps {
  /** The field's visible label, read as the box's name. */
  label: string;
  value: number;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  testId?: string;
}

export function LabelledStepper({
  label,
  value,
  onChange,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  testId,
}: LabelledStepperProps) {
  const stepper = useRef<StepperRef>(null);
  useLayoutEffect(() => {
    stepper.current?.nativeElement?.setAttribute('aria-label', label);
  }, [label]);
  useEffect(() => {
    const wrapper = stepper.current?.nativeElement?.parentElement;
    if (!wrapper) return;
    const strip = () => {
      for (const name of spinOnly) wrapper.removeAttribute(name);
    };
    strip();
    const watch = new MutationObserver(strip);
    watch.observe(wrapper, { attributes: true, attributeFilter: spinOnly });
    return () => watch.disconnect();
  }, []);
  return (
    <Stepper
      ref={stepper}
      min={min}
      max={max}
      digits={0}
      value={value}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
