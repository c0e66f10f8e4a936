// The win probability's words (Match Info's prediction, the explanation page), English and
// Hindi. Kept apart from the site's dictionaries, as the scorer console's are.
import type { Lang } from './index.ts';

const en = {
  heading: 'Win prediction',
  beforeFirstBall: 'Our model before the first ball, from the sides\' results up to {{date}}.',
  batsFirst: '{{team}} bat first',
  draw: 'Draw',
  actual: 'as the toss decided',
  notCovered: 'Our model does not cover this kind of match (it learnt from Tests, ODIs, List A and T20 matches with six-ball overs).',
  unknownSide: 'The model has no results of {{team}} in this format: it counts them as an average side.',
  howMeasured: 'How the model is measured',
  chances: '{{a}}: {{pa}}, {{b}}: {{pb}}',
  // explanation page
  title: 'Win probability: how it works and how well',
  intro:
    'After every ball we show the chance that each side wins. The numbers come from a statistical model trained on ball-by-ball data of past matches (Cricsheet), and we measure it on matches it has never seen. Here is what it looks at and how often it is right.',
  modelHeading: 'What the model looks at',
  modelLimited:
    'Limited overs: separate logistic regressions for each kind of match (T20I, T20 leagues, ODI, List A), men and women, and each innings. In the first innings: runs so far, balls used, wickets lost, and the competition\'s par score. In the chase: runs needed, balls left, wickets in hand, the required rate, and the par. A target revised for rain (DLS) is used as the umpires set it. Each model\'s answer then goes through a correction fitted on how the models did, year by year, on matches they had not seen (from 2019 on): where they were too sure it pulls the chance toward 50%, where they leaned to one side it moves it back.',
  modelTest:
    'Tests: for each innings, one model for the chance of a draw and one for the chance that the batting side wins if there is a result, from the lead, wickets in hand and the time left in five days.',
  modelStrength:
    'Team strength: an Elo rating of each side in each format, from all results up to {{date}}. A side the model has not seen counts as an average side.',
  ratingsFollow:
    'Since then the ratings and the par scores follow every result stored here, before the next match is judged: {{results}} results counted, the last played on {{date}}. A finished match keeps the chances it had at its start.',
  ratingsFollowNone:
    'From then on the ratings and the par scores follow every result stored here, before the next match is judged; no result after that day is stored yet.',
  heldOutHeading: 'Measured on matches it never saw',
  heldOut:
    'The model learnt from {{matches}} matches up to {{date}}. Every match from {{from}} to {{until}} was held out and is scored here, ball by ball. Brier score: the mean squared gap between the chance we gave and what happened (0 is perfect, a coin flip scores 0.25); lower is better.',
  group: 'Matches',
  matches: 'Matches',
  balls: 'Balls',
  brier: 'Brier score',
  coinFlip: 'Coin flip',
  simpleRule: 'Simple rule',
  worstGap: 'Worst band gap',
  worstDecile: 'Worst decile gap',
  simpleRuleNote: 'Simple rule: 50% in the first innings; in a chase, from the current run rate against the required one.',
  calibrationHeading: 'Calibration: when we say 70%, does it happen 70% of the time?',
  calibrationIntro: 'Every ball of the held-out matches, grouped by the chance we gave team a, against how often team a won, two ways: in deciles (the balls in order of the chance given, cut into ten equal tenths) and in fixed bands of 10 points. Open a group to see its tables.',
  decilesCaption: 'Deciles: each row is a tenth of the balls; the range is the chances given in it.',
  bandsCaption: 'Fixed bands of the chance given.',
  decile: 'Tenth (chances given)',
  offNote: 'Rows in bold: more than 3 points from what happened.',
  noiseNote:
    'A match\'s balls share one outcome, so a row rests on its matches, not its balls. On {{total}} held-out matches, a perfectly calibrated model would still have its worst decile about {{median}} off by chance alone, and within 3 points in only {{share}} of resamples of these matches.',
  band: 'We said',
  predicted: 'Average chance given',
  observed: 'Team a won',
  points: '{{value}} points',
  groups: {} as Record<string, string>,
  testsThreeWay: 'Tests, three ways (a wins, draw, b wins; the three squared gaps added): Brier {{model}} against {{uniform}} for a third each.',
  testsHeading: 'Does knowing the teams help?',
  testsIntro:
    'We compare the model with a simpler one that sees the match state alone (runs, wickets, balls and the target; no team strength, no par), fitted the same way on the same matches, on every ball of the {{matches}} held-out men\'s and women\'s T20Is and ODIs and IPL matches. The skill score is the share of the simpler model\'s error that the model removes: 0 is no better, above 0 is better. The range is a 95% interval from resampling whole matches {{resamples}} times.',
  score: 'Score',
  model: 'Model',
  stateOnly: 'Match state alone',
  skill: 'Skill score (95% interval)',
  brierSkill: 'Brier score',
  logLossSkill: 'Log loss',
  skillAbove: 'Both intervals lie above zero: knowing the teams makes the model measurably better than the match state alone.',
  skillNotAbove: 'Not every interval lies above zero: on these matches the model cannot be told apart from the match state alone on every score.',
  skillBelow: 'At least one interval lies below zero: on that score the match state alone does better than the model.',
  diagramTitle: 'Reliability diagram',
  diagramCaption:
    'Each dot is a band of the chance we gave team a (0-10%, 10-20%, ...): across, the average chance given; up, how often team a won. The bar behind each dot is where it would fall 95% of the time if the model were perfectly calibrated (resampling whole matches, one outcome per match). The dashed line is perfect calibration.',
  diagramAll: 'Every band lies inside its consistency band.',
  diagramSome: '{{inside}} of {{total}} bands lie inside their consistency bands; the others are drawn as hollow squares.',
  diagramTable: 'The diagram\'s figures',
  chanceAxis: 'Chance given (%)',
  wonAxis: 'Team a won (%)',
  consistencyBand: '95% consistency band',
  inside: 'Inside',
  yes: 'Yes',
  no: 'No',
  range: '{{low}} to {{high}}',
  honestyHeading: 'Where it falls short',
  honesty:
    'Targets we set ourselves: on held-out men\'s T20Is and ODIs a Brier score below 0.185 with every decile within 3 points of what happened, and on the IPL below 0.20. The table above shows where it meets them and where it does not: a band much further off than chance allows means the model was too sure or not sure enough there. Each held-out match is scored as this site would have scored it on the day: with the team ratings and par scores that followed every result before it, never its own.',
};

export type WinProbStrings = typeof en;

const hi: WinProbStrings = {
  heading: 'जीत का अनुमान',
  beforeFirstBall: 'पहली गेंद से पहले हमारा मॉडल, {{date}} तक के दोनों टीमों के नतीजों से।',
  batsFirst: '{{team}} पहले बल्लेबाज़ी करे',
  draw: 'ड्रॉ',
  actual: 'टॉस के अनुसार',
  notCovered: 'हमारा मॉडल इस तरह के मैच का अनुमान नहीं लगाता (उसने छह गेंदों के ओवर वाले टेस्ट, वनडे, लिस्ट ए और टी20 मैचों से सीखा है)।',
  unknownSide: 'इस फ़ॉर्मैट में मॉडल के पास {{team}} का कोई नतीजा नहीं है: उसे औसत टीम माना गया है।',
  howMeasured: 'मॉडल को कैसे परखा गया',
  chances: '{{a}}: {{pa}}, {{b}}: {{pb}}',
  title: 'जीत की संभावना: कैसे निकाली जाती है और कितनी सही है',
  intro:
    'हर गेंद के बाद हम दिखाते हैं कि किस टीम के जीतने की कितनी संभावना है। ये आँकड़े पिछले मैचों के गेंद-दर-गेंद डेटा (Cricsheet) पर सीखे एक सांख्यिकीय मॉडल से आते हैं, और हम उसे उन मैचों पर परखते हैं जो उसने कभी नहीं देखे। यहाँ बताया गया है कि वह किन बातों को देखता है और कितनी बार सही होता है।',
  modelHeading: 'मॉडल किन बातों को देखता है',
  modelLimited:
    'सीमित ओवर: हर तरह के मैच (टी20 इंटरनेशनल, टी20 लीग, वनडे, लिस्ट ए), पुरुष और महिला, और हर पारी के लिए अलग लॉजिस्टिक रिग्रेशन। पहली पारी में: अब तक के रन, खेली गई गेंदें, गिरे विकेट और प्रतियोगिता का औसत स्कोर। लक्ष्य का पीछा करते समय: ज़रूरी रन, बची गेंदें, हाथ में विकेट, ज़रूरी रन रेट और औसत स्कोर। बारिश से बदला लक्ष्य (DLS) वैसा ही लिया जाता है जैसा अंपायरों ने तय किया। फिर हर मॉडल का जवाब एक सुधार से गुज़रता है, जो इस पर फ़िट किया गया है कि मॉडलों ने साल-दर-साल उन मैचों पर कैसा किया जो उन्होंने नहीं देखे थे (2019 से): जहाँ वे ज़रूरत से ज़्यादा आश्वस्त थे, वहाँ यह संभावना को 50% की ओर खींचता है, और जहाँ वे किसी एक ओर झुके थे, वहाँ उसे वापस लाता है।',
  modelTest:
    'टेस्ट: हर पारी के लिए एक मॉडल ड्रॉ की संभावना का और एक इस बात का कि नतीजा निकलने पर बल्लेबाज़ी करने वाली टीम जीते, बढ़त, हाथ में विकेट और पाँच दिनों में बचे समय से।',
  modelStrength:
    'टीम की ताक़त: हर फ़ॉर्मैट में हर टीम की Elo रेटिंग, {{date}} तक के सभी नतीजों से। जिस टीम को मॉडल ने नहीं देखा, उसे औसत टीम माना जाता है।',
  ratingsFollow:
    'उसके बाद रेटिंग और औसत स्कोर यहाँ दर्ज हर नतीजे के साथ बदलते हैं, अगले मैच का आकलन होने से पहले: {{results}} नतीजे गिने गए, आख़िरी {{date}} को खेला गया। ख़त्म हुआ मैच वही संभावनाएँ रखता है जो उसकी शुरुआत में थीं।',
  ratingsFollowNone:
    'उसके बाद से रेटिंग और औसत स्कोर यहाँ दर्ज हर नतीजे के साथ बदलते हैं, अगले मैच का आकलन होने से पहले; उस दिन के बाद का कोई नतीजा अभी दर्ज नहीं है।',
  heldOutHeading: 'उन मैचों पर परखा गया जो उसने कभी नहीं देखे',
  heldOut:
    'मॉडल ने {{date}} तक के {{matches}} मैचों से सीखा। {{from}} से {{until}} तक का हर मैच अलग रखा गया और यहाँ गेंद-दर-गेंद परखा गया है। ब्रायर स्कोर: हमारी दी गई संभावना और असल नतीजे के अंतर के वर्ग का औसत (0 सबसे अच्छा, सिक्का उछालने पर 0.25); जितना कम, उतना बेहतर।',
  group: 'मैच',
  matches: 'मैच',
  balls: 'गेंदें',
  brier: 'ब्रायर स्कोर',
  coinFlip: 'सिक्का उछाल',
  simpleRule: 'सरल नियम',
  worstGap: 'समूह का सबसे बड़ा अंतर',
  worstDecile: 'दशांश का सबसे बड़ा अंतर',
  simpleRuleNote: 'सरल नियम: पहली पारी में 50%; लक्ष्य का पीछा करते समय मौजूदा रन रेट बनाम ज़रूरी रन रेट से।',
  calibrationHeading: 'कैलिब्रेशन: जब हम 70% कहते हैं, तो क्या 70% बार ऐसा होता है?',
  calibrationIntro: 'अलग रखे गए मैचों की हर गेंद, टीम ए को दी गई संभावना के समूहों में, और टीम ए कितनी बार जीती, दो तरह से: दशांशों में (दी गई संभावना के क्रम में गेंदें, दस बराबर हिस्सों में) और 10 अंकों के तय समूहों में। किसी समूह की तालिकाएँ देखने के लिए उसे खोलें।',
  decilesCaption: 'दशांश: हर पंक्ति गेंदों का दसवाँ हिस्सा है; दायरा उसमें दी गई संभावनाओं का है।',
  bandsCaption: 'दी गई संभावना के तय समूह।',
  decile: 'दशांश (दी गई संभावनाएँ)',
  offNote: 'मोटे अक्षरों वाली पंक्तियाँ: वहाँ अनुमान असल नतीजे से 3 अंक से ज़्यादा दूर है।',
  noiseNote:
    'एक मैच की सभी गेंदों का नतीजा एक ही होता है, इसलिए हर पंक्ति अपनी गेंदों पर नहीं, अपने मैचों पर टिकी है। अलग रखे गए {{total}} मैचों पर पूरी तरह सही कैलिब्रेटेड मॉडल के दशांशों का सबसे बड़ा अंतर भी सिर्फ़ संयोग से लगभग {{median}} होता, और इन मैचों के दोबारा लिए गए नमूनों में से सिर्फ़ {{share}} में 3 अंक के भीतर रहता।',
  band: 'हमने कहा',
  predicted: 'दी गई औसत संभावना',
  observed: 'टीम ए जीती',
  points: '{{value}} अंक',
  groups: {
    "Men's T20I and ODI": 'पुरुष टी20 इंटरनेशनल और वनडे',
    "Men's T20I": 'पुरुष टी20 इंटरनेशनल',
    "Men's ODI": 'पुरुष वनडे',
    IPL: 'आईपीएल',
    "Women's T20I and ODI": 'महिला टी20 इंटरनेशनल और वनडे',
    'Every T20 (leagues included)': 'सभी टी20 (लीग समेत)',
    'Tests (men and women)': 'टेस्ट (पुरुष और महिला)',
  },
  testsThreeWay: 'टेस्ट, तीन नतीजे (ए की जीत, ड्रॉ, बी की जीत; तीनों अंतरों के वर्ग जोड़कर): ब्रायर {{model}}, जबकि हर नतीजे को एक-तिहाई देने पर {{uniform}}।',
  testsHeading: 'क्या टीमों की जानकारी से फ़र्क पड़ता है?',
  testsIntro:
    'हम मॉडल की तुलना एक सरल मॉडल से करते हैं जो सिर्फ़ मैच की स्थिति देखता है (रन, विकेट, गेंदें और लक्ष्य; टीम की ताक़त और औसत स्कोर नहीं), उसी तरह उन्हीं मैचों पर फ़िट किया गया, अलग रखे गए {{matches}} पुरुष और महिला टी20 इंटरनेशनल, वनडे और आईपीएल मैचों की हर गेंद पर। स्किल स्कोर बताता है कि सरल मॉडल की ग़लती का कितना हिस्सा हमारा मॉडल कम करता है: 0 का मतलब कोई सुधार नहीं, 0 से ऊपर का मतलब बेहतर। दायरा पूरे मैचों को {{resamples}} बार दोबारा चुनकर निकाला गया 95% अंतराल है।',
  score: 'पैमाना',
  model: 'मॉडल',
  stateOnly: 'सिर्फ़ मैच की स्थिति',
  skill: 'स्किल स्कोर (95% अंतराल)',
  brierSkill: 'ब्रायर स्कोर',
  logLossSkill: 'लॉग लॉस',
  skillAbove: 'दोनों अंतराल शून्य से ऊपर हैं: टीमों की जानकारी से मॉडल सिर्फ़ मैच की स्थिति से साफ़ तौर पर बेहतर है।',
  skillNotAbove: 'हर अंतराल शून्य से ऊपर नहीं है: इन मैचों पर हर पैमाने पर मॉडल को सिर्फ़ मैच की स्थिति वाले मॉडल से अलग नहीं बताया जा सकता।',
  skillBelow: 'कम से कम एक अंतराल शून्य से नीचे है: उस पैमाने पर सिर्फ़ मैच की स्थिति वाला मॉडल हमारे मॉडल से बेहतर है।',
  diagramTitle: 'विश्वसनीयता आरेख',
  diagramCaption:
    'हर बिंदु टीम ए को दी गई संभावना का एक समूह है (0-10%, 10-20%, ...): दाईं ओर दी गई औसत संभावना, ऊपर की ओर टीम ए कितनी बार जीती। हर बिंदु के पीछे की पट्टी बताती है कि पूरी तरह सही कैलिब्रेटेड मॉडल का बिंदु 95% बार कहाँ गिरता (पूरे मैचों को दोबारा चुनकर, हर मैच का एक नतीजा)। बिंदीदार रेखा पूरी तरह सही कैलिब्रेशन है।',
  diagramAll: 'हर समूह अपनी संगति पट्टी के भीतर है।',
  diagramSome: '{{total}} में से {{inside}} समूह अपनी संगति पट्टी के भीतर हैं; बाक़ी खोखले वर्गों से दिखाए गए हैं।',
  diagramTable: 'आरेख के आँकड़े',
  chanceAxis: 'दी गई संभावना (%)',
  wonAxis: 'टीम ए जीती (%)',
  consistencyBand: '95% संगति पट्टी',
  inside: 'भीतर',
  yes: 'हाँ',
  no: 'नहीं',
  range: '{{low}} से {{high}}',
  honestyHeading: 'कहाँ कमी रह जाती है',
  honesty:
    'हमने ख़ुद के लिए ये लक्ष्य रखे: अलग रखे गए पुरुष टी20 इंटरनेशनल और वनडे पर ब्रायर स्कोर 0.185 से कम और हर दशांश असल नतीजे से 3 अंक के भीतर, और आईपीएल पर 0.20 से कम। ऊपर की तालिका दिखाती है कि कहाँ ये पूरे होते हैं और कहाँ नहीं: संयोग से कहीं ज़्यादा बड़े अंतर का मतलब है कि वहाँ मॉडल ज़रूरत से ज़्यादा या कम आश्वस्त था। अलग रखे गए हर मैच को वैसे ही परखा गया है जैसे यह साइट उस दिन परखती: उससे पहले के हर नतीजे के साथ बदली टीम रेटिंग और औसत स्कोर से, उसके अपने नतीजे के बिना।',
};

export const winProbStrings: Record<Lang, WinProbStrings> = { en, hi };
