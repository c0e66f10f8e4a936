// Tournament names in Hindi where a Hindi name exists (issue 30): events from the table, tours
// and two-side series built from the sides' Hindi names, the rest as Cricsheet writes them.
import { describe, expect, it } from 'vitest';
import { localName } from '../../../src/i18n/names.ts';
import { hindiTournamentName } from '../../../src/i18n/tournament-names.ts';

describe('tournament names in Hindi', () => {
  it('names the events Hindi desks name in Hindi, with the season', () => {
    expect(localName('tournament', 'Indian Premier League 2018', 'hi')).toBe('इंडियन प्रीमियर लीग 2018');
    expect(localName('tournament', 'The Ashes 2025/26', 'hi')).toBe('एशेज़ 2025/26');
    expect(localName('tournament', "ICC Men's T20 World Cup 2024", 'hi')).toBe('आईसीसी पुरुष टी20 विश्व कप 2024');
    // The short name on cards and tiles too.
    expect(localName('tournament', 'IPL 2025', 'hi')).toBe('आईपीएल 2025');
    expect(localName('tournament', 'IPL 2025', 'en')).toBe('IPL 2025');
  });

  it('writes a tour as the visitors\' tour of the hosts, with the sides\' Hindi names', () => {
    expect(localName('tournament', 'India tour of Ireland and England 2018', 'hi')).toBe('भारत का आयरलैंड और इंग्लैंड दौरा 2018');
    expect(hindiTournamentName('Austria tour of Cyprus 2026', (team) => ({ Austria: 'ऑस्ट्रिया', Cyprus: 'साइप्रस' })[team] ?? team)).toBe(
      'ऑस्ट्रिया का साइप्रस दौरा 2026',
    );
    expect(hindiTournamentName('South Africa Women tour of New Zealand 2025/26', (team) => team)).toBe('South Africa Women टीम का New Zealand दौरा 2025/26');
    expect(localName('tournament', 'India v England 2018', 'hi')).toBe('भारत बनाम इंग्लैंड 2018');
  });

  it('keeps a name it does not know, English always, and translates a replay\'s label and name', () => {
    expect(localName('tournament', 'Major League Tournament 2025/26', 'hi')).toBe('Major League Tournament 2025/26');
    expect(localName('tournament', 'Indian Premier League 2018', 'en')).toBe('Indian Premier League 2018');
    expect(localName('tournament', 'Replay: Indian Premier League 2026', 'hi')).toBe('रीप्ले: इंडियन प्रीमियर लीग 2026');
  });
});
