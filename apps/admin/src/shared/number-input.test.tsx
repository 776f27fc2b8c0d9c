import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { NumberInput } from './number-input';

/** A screen's field: the wire value it holds is shown beside the box, as the screen would send it. */
function Holder({ initial, scale }: { initial: string; scale?: number }) {
  const [wire, setWire] = useState(initial);
  return (
    <>
      <NumberInput value={wire} onChange={setWire} scale={scale} testId="box" />
      <output data-testid="wire">{wire}</output>
      <button type="button" onClick={() => setWire('12.5')}>
        reset
      </button>
    </>
  );
}

const box = () => screen.getByTestId('box') as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

afterEach(cleanup);

describe('the back office’s number box', () => {
  it('reads "5.000,00" typed in Italian as five thousand, and prefills a price as Italian writes it', () => {
    setLanguage('it-IT');
    render(<Holder initial="20.902" />);
    expect(box().value).toBe('20,902');
    type('5.000,00');
    expect(screen.getByTestId('wire').textContent).toBe('5000.00');
    expect(box().value).toBe('5.000,00');
    // A new value from the screen replaces what was typed.
    fireEvent.click(screen.getByText('reset'));
    expect(box().value).toBe('12,5');
  });

  it('says why it cannot read a number, and gives the screen nothing to send', () => {
    setLanguage('it-IT');
    render(<Holder initial="" scale={2} />);
    type('5,000.00');
    expect(screen.getByTestId('wire').textContent).toBe('');
    expect(screen.getByTestId('box-problem').textContent).toBe(
      'In italiano i decimali vanno dopo la virgola: per esempio 5.000,00',
    );
    expect(box().value).toBe('5,000.00');
    type('0,001');
    expect(screen.getByTestId('box-problem').textContent).toBe('Al massimo 2 decimali');
    type('0,01');
    expect(screen.queryByTestId('box-problem')).toBeNull();
    expect(screen.getByTestId('wire').textContent).toBe('0.01');
  });

  it('reads and writes English numbers in English', () => {
    setLanguage('en-US');
    render(<Holder initial="5000.00" />);
    expect(box().value).toBe('5,000.00');
    type('1,234.5');
    expect(screen.getByTestId('wire').textContent).toBe('1234.5');
  });
});
