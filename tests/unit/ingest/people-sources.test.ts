// Reading Cricsheet's register (people.csv, names.csv) and the profile format: each bad row is
// reported by its line and skipped, the rest read.
import { describe, expect, it } from 'vitest';
import { parseProfiles, parseRegisterNames, parseRegisterPeople, photoLicenceAllows } from '../../../src/server/ingest/people-sources.ts';

const PEOPLE = `identifier,name,unique_name,key_bcci,key_cricbuzz,key_cricinfo,key_cricinfo_2,key_cricketarchive
ba607b88,V Kohli,V Kohli,,1413,253802,,101095
740742ef,RG Sharma,RG Sharma,,576,34102,,74266
zz,Bad Id,Bad Id,,,,,
ba607b88,V Kohli again,V Kohli,,,,,
`;

describe("Cricsheet's register", () => {
  it('reads people.csv: each id, name and the ids on other sites', () => {
    const { rows, problems } = parseRegisterPeople(PEOPLE);
    expect(rows).toEqual([
      { registryId: 'ba607b88', name: 'V Kohli', uniqueName: 'V Kohli', keyCricinfo: '253802', otherKeys: { key_cricbuzz: '1413', key_cricketarchive: '101095' } },
      { registryId: '740742ef', name: 'RG Sharma', uniqueName: 'RG Sharma', keyCricinfo: '34102', otherKeys: { key_cricbuzz: '576', key_cricketarchive: '74266' } },
    ]);
    expect(problems).toEqual([
      { line: 4, message: "identifier 'zz' is not 8 hex digits" },
      { line: 5, message: 'identifier ba607b88 listed twice' },
    ]);
  });

  it('refuses a file that is not people.csv', () => {
    expect(parseRegisterPeople('a,b\n1,2\n').problems[0]!.message).toMatch(/no identifier column/);
  });

  it('reads names.csv: every name a person appeared under, once', () => {
    const { rows, problems } = parseRegisterNames('identifier,name\n8cf9814c,Mohammed Shami\n8cf9814c,Mohammad Shami\n8cf9814c,Mohammad Shami\nnope,X\n');
    expect(rows).toEqual([
      { registryId: '8cf9814c', name: 'Mohammed Shami' },
      { registryId: '8cf9814c', name: 'Mohammad Shami' },
    ]);
    expect(problems).toHaveLength(1);
  });
});

describe('the profile format', () => {
  it("reads the shared test file's columns (cricsheet_id, dob, name) and normalises styles and roles", () => {
    const csv = `"cricinfo_id","cricsheet_id","unique_name","full_name","name","country","dob","batting_style","bowling_style","birthplace","playing_role"
"253802","ba607b88","V Kohli","Virat Kohli",,"India","1988-11-05","Right hand Bat","Right arm Medium","Delhi","Top order Batter"
"1321753","4c7d4170","A Le Ray"," Annie Le Ray","Annie Le Ray","Guernsey",,,,,
`;
    const { rows, problems, photosRefused } = parseProfiles(csv, 'player_meta.csv');
    expect(problems).toEqual([]);
    expect(photosRefused).toBe(0);
    expect(rows[0]).toEqual({
      registryId: 'ba607b88',
      cricinfoId: '253802',
      fullName: 'Virat Kohli',
      knownAs: null,
      dateOfBirth: '1988-11-05',
      birthplace: 'Delhi',
      country: 'India',
      battingStyle: 'Right-hand bat',
      bowlingStyle: 'Right-arm medium',
      playingRole: 'Top-order batter',
      nameHi: null,
      photo: null,
      source: 'player_meta.csv',
    });
    expect(rows[1]).toMatchObject({ fullName: 'Annie Le Ray', knownAs: 'Annie Le Ray', dateOfBirth: null });
  });

  it('reads JSON lines, keeps a photo only under a licence that allows it and from Wikimedia Commons', () => {
    const lines = [
      { registry_id: 'ba607b88', name_hi: 'विराट कोहली', photo_url: 'https://upload.wikimedia.org/x.jpg', photo_licence: 'CC BY-SA 4.0', photo_author: 'A. Photographer', source: 'Wikidata Q213854' },
      { cricinfo_id: 34102, photo_url: 'https://upload.wikimedia.org/y.jpg', photo_licence: 'GODL-India' },
      { cricinfo_id: '625383', photo_url: 'https://example.com/z.jpg', photo_licence: 'CC0' },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const { rows, photosRefused, problems } = parseProfiles(lines, 'wikidata.jsonl');
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ nameHi: 'विराट कोहली', photo: { url: 'https://upload.wikimedia.org/x.jpg', licence: 'CC BY-SA 4.0', author: 'A. Photographer', page: null }, source: 'Wikidata Q213854' });
    expect(rows[1]).toMatchObject({ cricinfoId: '34102', photo: null, source: 'wikidata.jsonl' });
    expect(rows[2]!.photo).toBeNull();
    expect(photosRefused).toBe(2);
  });

  it('reports each bad row by its line and reads the rest', () => {
    const lines = [
      '{"registry_id":"ba607b88","date_of_birth":"1988-13-45"}',
      'not json',
      '{"full_name":"Nobody"}',
      '{"registry_id":"740742ef","name_hi":"Rohit"}',
      '{"registry_id":"740742ef","photo_url":"http://insecure.example/p.jpg","photo_licence":"CC0"}',
      '{"registry_id":"462411b3","full_name":"Jasprit Jasbirsingh Bumrah"}',
    ].join('\n');
    const { rows, problems } = parseProfiles(lines, 'f');
    expect(rows.map((row) => row.registryId)).toEqual(['462411b3']);
    expect(problems.map((problem) => problem.line)).toEqual([1, 2, 3, 4, 5]);
    expect(problems[0]!.message).toMatch(/YYYY-MM-DD/);
    expect(problems[2]!.message).toMatch(/registry_id or a cricinfo_id/);
    expect(problems[3]!.message).toMatch(/Devanagari/);
    expect(problems[4]!.message).toMatch(/https/);
  });

  it('accepts free licences only', () => {
    for (const ok of ['CC0', 'CC BY 2.0', 'CC BY-SA 4.0', 'CC BY-SA 3.0 de', 'Public domain', 'PD-self']) expect(photoLicenceAllows(ok), ok).toBe(true);
    for (const no of ['CC BY-NC 2.0', 'CC BY-ND 4.0', 'GODL-India', 'Fair use', '', null]) expect(photoLicenceAllows(no), String(no)).toBe(false);
  });
});
