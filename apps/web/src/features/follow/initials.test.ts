import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and the last name', () => {
    expect(initialsOf('Chiara Bassi')).toBe('CB');
    expect(initialsOf('Luca  Ferri')).toBe('LF');
    expect(initialsOf('Anna Maria de Luca')).toBe('AL');
  });

  it('does with one name, skips what is no letter, and keeps accented letters whole', () => {
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf(' "Élodie" (Roma) ')).toBe('ÉR');
    expect(initialsOf('')).toBe('');
  });
});
