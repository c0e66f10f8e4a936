import { describe, expect, it } from 'vitest';
import { hindiOrdinal, isTitleShapeChange, isTourName, matchTitle, type MatchTitleInput } from '../../../src/server/domain/match-title.ts';

/** A league of ten sides (the IPL) unless the case says otherwise. */
const LEAGUE = { sides: 10, typeMatches: { t20: 74 } };
const title = (overrides: Partial<MatchTitleInput>, lang: 'en' | 'hi' = 'en') =>
  matchTitle({ stage: null, matchNumber: null, group: null, formatType: 't20', tournament: LEAGUE, ...overrides }, lang);

// India tour of England 2025: five Tests; South Africa tour of India 2025/26: 2 Tests, 3 ODIs, 4 T20Is.
const TEST_TOUR = { sides: 2, typeMatches: { test: 5 } };
const MULTI_TOUR = { sides: 2, typeMatches: { test: 2, odi: 3, t20i: 4 } };
// Zimbabwe tour of England 2025: one unnumbered Test.
const ONE_OFF = { sides: 2, typeMatches: { test: 1 } };

describe('matchTitle', () => {
  it('numbers a bilateral series by its type: 1st T20I, 2nd Test, 3rd ODI', () => {
    expect(title({ matchNumber: 2, formatType: 'test', tournament: TEST_TOUR })).toBe('2nd Test');
    expect(title({ matchNumber: 3, formatType: 'odi', tournament: MULTI_TOUR })).toBe('3rd ODI');
    expect(title({ matchNumber: 1, formatType: 't20i', tournament: MULTI_TOUR })).toBe('1st T20I');
    expect(title({ matchNumber: 11, formatType: 'odi', tournament: MULTI_TOUR })).toBe('11th ODI');
    expect(title({ matchNumber: 22, formatType: 'odi', tournament: MULTI_TOUR })).toBe('22nd ODI');
    // Two domestic sides: their games are matches.
    expect(title({ matchNumber: 1, formatType: 'first_class', tournament: { sides: 2, typeMatches: { first_class: 2 } } })).toBe('1st Match');
  });

  it('numbers a competition of more sides as fans do: Match 23', () => {
    expect(title({ matchNumber: 23 })).toBe('Match 23');
    // An ODI tri-series or a World Cup is a competition too.
    expect(title({ matchNumber: 3, formatType: 'odi', tournament: { sides: 3, typeMatches: { odi: 7 } } })).toBe('Match 3');
  });

  it("numbers a tour's internationals by their type even with more sides: 5th Test, पाँचवाँ टेस्ट", () => {
    // India tour of Ireland and England 2018: T20Is with Ireland, then England; ODIs; five Tests.
    const TOUR_OF_TWO = { sides: 3, typeMatches: { t20i: 5, odi: 3, test: 5 }, tour: true };
    expect(title({ matchNumber: 5, formatType: 'test', tournament: TOUR_OF_TWO })).toBe('5th Test');
    expect(title({ matchNumber: 5, formatType: 'test', tournament: TOUR_OF_TWO }, 'hi')).toBe('पाँचवाँ टेस्ट');
    expect(title({ matchNumber: 3, formatType: 'odi', tournament: TOUR_OF_TWO }, 'hi')).toBe('तीसरा वनडे');
    expect(title({ matchNumber: 2, formatType: 't20i', tournament: TOUR_OF_TWO }, 'hi')).toBe('दूसरा टी20 इंटरनेशनल');
    // Beyond ten: the numeral and वाँ.
    expect(title({ matchNumber: 11, formatType: 'odi', tournament: TOUR_OF_TWO }, 'hi')).toBe('11वाँ वनडे');
    // A tour's domestic games, and a competition that is not a tour, stay 'Match N'.
    expect(title({ matchNumber: 2, formatType: 'first_class', tournament: { ...TOUR_OF_TWO, typeMatches: { first_class: 3 } } })).toBe('Match 2');
    expect(title({ matchNumber: 5, formatType: 'test', tournament: { ...TOUR_OF_TWO, tour: false } })).toBe('Match 5');
    expect([isTourName('India tour of Ireland and England'), isTourName('India Women tour of England'), isTourName('ICC World Cup')]).toEqual([true, true, false]);
  });

  it('a stage wins over the number, and the group is added', () => {
    expect(title({ stage: 'Final', matchNumber: 74 })).toBe('Final');
    expect(title({ stage: 'Qualifier 1' })).toBe('Qualifier 1');
    expect(title({ stage: 'Eliminator' })).toBe('Eliminator');
    expect(title({ matchNumber: 5, group: 'B' })).toBe('Match 5, Group B');
    // The Sheffield Shield final is a final, not a Test.
    expect(title({ stage: 'Final', formatType: 'first_class', tournament: { sides: 6, typeMatches: { first_class: 31 } } })).toBe('Final');
  });

  it('an unnumbered one-off match of a tour is its only match of the type', () => {
    expect(title({ formatType: 'test', tournament: ONE_OFF })).toBe('Only Test');
    expect(title({ formatType: 't20i', tournament: { sides: 2, typeMatches: { t20i: 1, odi: 3 } } })).toBe('Only T20I');
    // Unnumbered, but not alone: the type says what it is.
    expect(title({ formatType: 'odi', tournament: { sides: 2, typeMatches: { odi: 3 } } })).toBe('ODI');
  });

  it('speaks Hindi: masculine ordinals, the type, stage names, groups', () => {
    expect(title({ matchNumber: 1 }, 'hi')).toBe('मैच 1');
    expect(title({ matchNumber: 5, formatType: 'test', tournament: TEST_TOUR }, 'hi')).toBe('पाँचवाँ टेस्ट');
    expect(title({ matchNumber: 12, formatType: 'odi', tournament: { sides: 2, typeMatches: { odi: 12 } } }, 'hi')).toBe('12वाँ वनडे');
    expect(title({ matchNumber: 2, formatType: 'odi', tournament: MULTI_TOUR }, 'hi')).toBe('दूसरा वनडे');
    expect(title({ matchNumber: 1, formatType: 't20i', tournament: MULTI_TOUR }, 'hi')).toBe('पहला टी20 इंटरनेशनल');
    expect(title({ formatType: 'test', tournament: ONE_OFF }, 'hi')).toBe('एकमात्र टेस्ट');
    expect(title({ stage: 'Semi-Final' }, 'hi')).toBe('सेमीफ़ाइनल');
    expect(title({ stage: 'Qualifier 1' }, 'hi')).toBe('क्वालीफ़ायर 1');
    expect(title({ stage: '3rd Place Play-Off' }, 'hi')).toBe('तीसरे स्थान का प्ले-ऑफ़');
    expect(title({ matchNumber: 5, group: 'B' }, 'hi')).toBe('मैच 5, ग्रुप B');
    // A stage we have no Hindi for keeps Cricsheet's words rather than guessing.
    expect(title({ stage: 'Plate Final' }, 'hi')).toBe('Plate Final');
  });

  it('falls back to the type when the event gives neither a stage nor a number', () => {
    expect(title({ formatType: 'list_a' })).toBe('List A');
    expect(title({ formatType: 'first_class' }, 'hi')).toBe('प्रथम श्रेणी');
    expect(title({ formatType: 't20' })).toBe('T20');
  });
});

describe('isTitleShapeChange', () => {
  it('is a change when a tournament stops (or starts) being bilateral, or a type stops being a one-off', () => {
    expect(isTitleShapeChange({ sides: 2, typeMatches: { t20: 1 } }, { sides: 3, typeMatches: { t20: 2 } })).toBe(true);
    expect(isTitleShapeChange({ sides: 2, typeMatches: { test: 1 } }, { sides: 2, typeMatches: { test: 2 } })).toBe(true);
    expect(isTitleShapeChange({ sides: 2, typeMatches: { test: 2 } }, { sides: 2, typeMatches: { test: 3 } })).toBe(false);
    expect(isTitleShapeChange({ sides: 10, typeMatches: { t20: 40 } }, { sides: 10, typeMatches: { t20: 41 } })).toBe(false);
  });
});

describe('hindiOrdinal', () => {
  it('writes masculine ordinals, direct and before a postposition', () => {
    expect([1, 2, 3, 4, 5, 6, 9, 10, 11].map((n) => hindiOrdinal(n))).toEqual(['पहला', 'दूसरा', 'तीसरा', 'चौथा', 'पाँचवाँ', 'छठा', 'नौवाँ', 'दसवाँ', '11वाँ']);
    expect([1, 2, 3, 4, 5, 6, 9, 10, 11].map((n) => hindiOrdinal(n, 'oblique'))).toEqual(['पहले', 'दूसरे', 'तीसरे', 'चौथे', 'पाँचवें', 'छठे', 'नौवें', 'दसवें', '11वें']);
  });
});
