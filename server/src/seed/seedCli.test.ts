import { parseSeedArgs } from './seedCli';
import { DEFAULT_DEMO_EVENTS } from './seedEvents';

describe('seed CLI arguments', () => {
  it('npm run seed -- --events N', () => {
    expect(parseSeedArgs(['--events', '5000'])).toEqual({ events: 5000 });
    expect(parseSeedArgs(['--events=1_000_000', '--seed', '9'])).toEqual({ events: 1000000, seed: 9 });
    expect(parseSeedArgs([])).toEqual({ events: DEFAULT_DEMO_EVENTS });
  });

  it('refuses unknown options and non-numbers, naming them', () => {
    expect(() => parseSeedArgs(['--evnts', '5'])).toThrow('Unknown option "--evnts"');
    expect(() => parseSeedArgs(['--events', 'many'])).toThrow('--events needs a whole number, got "many"');
    expect(() => parseSeedArgs(['--events'])).toThrow('--events needs a whole number');
  });
});
