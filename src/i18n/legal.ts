// The Privacy Policy and the Terms (issue 29 §6), English and Hindi: what this site stores about
// a fan (phone, sessions, photo, settings, alert subscriptions, comments and likes), why, for how long, and how each
// is deleted. Kept apart from the site's dictionaries, as the win probability's words are.
// {{sessionDays}}, {{otpMinutes}} and {{lockoutMinutes}} are filled from the running server's
// settings, so the page says what this install does. Change the text when what is stored changes.
import type { Lang } from './index.ts';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalPage {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const LEGAL_UPDATED = '2026-11-28';

const en: { privacy: LegalPage; terms: LegalPage; updated: string } = {
  updated: 'Last changed: {{date}}',
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This page lists everything Crease keeps about you, why, for how long, and how you delete it. We show no advertising, sell nothing about you and load no third-party trackers.',
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'Your mobile number: you sign in with it, and one-time codes for signing up and changing your password are sent to it by SMS. Our SMS provider receives the number and the code to deliver them, nothing else.',
          'Your password: kept only as a salted hash, which cannot be turned back into the password.',
          'Your name and email address, if you give them: your name is shown next to your comments; your email is used only to answer you.',
          'Your profile photo, if you upload one: kept as a small square picture and shown on your profile and beside your comments. The original file is not kept.',
          'These stay until you delete your account.',
        ],
      },
      {
        heading: 'Sessions',
        paragraphs: [
          'When you log in, your browser keeps a random code in a cookie; we keep only a hash of it, when the session began and was last used, and the first 200 characters of your browser’s name, so a stolen copy of our database signs nobody in.',
          'A session ends when you log out, or after {{sessionDays}} days. Ended sessions are deleted a day later.',
        ],
      },
      {
        heading: 'One-time codes and security counters',
        paragraphs: [
          'A one-time code is kept only as a hash, with the number it was sent to, is valid {{otpMinutes}} minutes and is deleted a day after it expires.',
          'To stop password guessing we count failed logins per mobile number and per network address; the counts end after {{lockoutMinutes}} minutes.',
        ],
      },
      {
        heading: 'Settings',
        paragraphs: [
          'Your theme, language, favourite teams, read-aloud and notification choices are kept with your account so every device you sign in on has them. Without an account they stay in your browser only (its local storage, and a cookie for the language).',
        ],
      },
      {
        heading: 'Match alerts',
        paragraphs: [
          'If you turn on alerts on the Notifications page, we keep that device’s push subscription: the address its browser’s push service gave it (Google’s for Chrome, Mozilla’s for Firefox, Apple’s for Safari) and its encryption keys, with what you chose to hear: the kinds of alert, quiet hours and your time zone, the language, the matches you follow and your teams. The push service receives each alert encrypted and cannot read it. If you were logged in when you turned alerts on, the subscription is part of your account.',
          'Which alert went to which device is kept for 30 days, so that none is sent twice. A subscription stays until you turn alerts off on that device (which deletes it at once), until the push service tells us the device is gone, or until you delete your account.',
        ],
      },
      {
        heading: 'Likes and comments',
        paragraphs: [
          'We keep which reels you liked and the comments you write; other fans see your comments with your name and the number of likes, not who liked.',
          'News articles count how often they are read, per hour, without recording who read them.',
        ],
      },
      {
        heading: 'Messages to us',
        paragraphs: [
          'What you send through Get In Touch (name, email, phone and message) is kept so that we can answer, and is read only by the site’s administrators.',
        ],
      },
      {
        heading: 'How to delete',
        paragraphs: [
          'Log out to end a session at once. Change your photo, name and email on Edit Profile. Delete a comment of yours from the reel’s comments: it disappears for everyone at once.',
          'Download everything we keep about you with "Download my data" on Edit Profile. "Delete my account" there, confirmed with your password, deletes your account and everything kept with it at once: sessions, photo, settings, the alert subscriptions made while logged in, likes, comments, the messages you sent us, and the codes and login counts of your number.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms and Conditions',
    intro: 'These terms apply when you use Crease, with or without an account.',
    sections: [
      {
        heading: 'What the site gives you',
        paragraphs: [
          'Scores, scorecards, statistics, news and reels, free of charge. Ball-by-ball data comes from Cricsheet under the Open Data Commons Attribution licence; automated reports are written by a program from that data and are labelled as such.',
          'We check the figures against the data, but the data can have mistakes and the site can be unavailable. Do not rely on it for betting or for any decision with money at stake. Fantasy points are for interest only: there are no prizes.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'One account per mobile number. Keep your password to yourself: what is done with your account is your responsibility. You can stop using the site and have your account deleted at any time (see the Privacy Policy).',
        ],
      },
      {
        heading: 'Comments',
        paragraphs: [
          'Be respectful. No abuse, threats, hate, spam, advertising, other people’s personal details or anything unlawful. Editors may remove any comment that breaks these rules, and accounts that keep breaking them may be closed. Comments are limited in number per minute and per day.',
        ],
      },
      {
        heading: 'Content',
        paragraphs: [
          'Player photos come from Wikimedia Commons, each under its own licence, credited on the player’s page. Do not copy the site’s articles or videos in bulk; sharing links to them is welcome.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: ['When these terms change, the date below changes with them.'],
      },
    ],
  },
};

const hi: typeof en = {
  updated: 'पिछला बदलाव: {{date}}',
  privacy: {
    title: 'गोपनीयता नीति',
    intro:
      'इस पेज पर वह सब है जो क्रीज़ आपके बारे में रखता है, क्यों, कितने समय तक, और आप उसे कैसे मिटाएँ। हम कोई विज्ञापन नहीं दिखाते, आपके बारे में कुछ नहीं बेचते और किसी बाहरी ट्रैकर को लोड नहीं करते।',
    sections: [
      {
        heading: 'आपका खाता',
        paragraphs: [
          'आपका मोबाइल नंबर: इसी से आप लॉग इन करते हैं, और साइन अप करने और पासवर्ड बदलने के वन-टाइम कोड इसी पर SMS से भेजे जाते हैं। हमारी SMS सेवा को कोड पहुँचाने के लिए सिर्फ़ नंबर और कोड मिलता है, और कुछ नहीं।',
          'आपका पासवर्ड: केवल सॉल्टेड हैश के रूप में रखा जाता है, जिससे पासवर्ड वापस नहीं बनाया जा सकता।',
          'आपका नाम और ईमेल, अगर आप दें: नाम आपकी टिप्पणियों के साथ दिखता है; ईमेल केवल आपको जवाब देने के लिए है।',
          'आपकी प्रोफ़ाइल फ़ोटो, अगर आप अपलोड करें: एक छोटी चौकोर तस्वीर के रूप में रखी जाती है और आपकी प्रोफ़ाइल और टिप्पणियों के साथ दिखती है। मूल फ़ाइल नहीं रखी जाती।',
          'ये सब तब तक रहते हैं जब तक आप अपना खाता नहीं मिटाते।',
        ],
      },
      {
        heading: 'सेशन',
        paragraphs: [
          'लॉग इन करने पर आपका ब्राउज़र एक कुकी में एक रैंडम कोड रखता है; हम उसका केवल हैश रखते हैं, साथ में सेशन कब शुरू हुआ और आख़िरी बार कब इस्तेमाल हुआ, और आपके ब्राउज़र के नाम के पहले 200 अक्षर, ताकि हमारे डेटाबेस की चोरी हुई कॉपी से कोई लॉग इन न कर सके।',
          'सेशन लॉग आउट करने पर, या {{sessionDays}} दिन बाद ख़त्म होता है। ख़त्म हुए सेशन एक दिन बाद मिटा दिए जाते हैं।',
        ],
      },
      {
        heading: 'वन-टाइम कोड और सुरक्षा गिनती',
        paragraphs: [
          'वन-टाइम कोड केवल हैश के रूप में, जिस नंबर पर भेजा गया उसके साथ, रखा जाता है; वह {{otpMinutes}} मिनट मान्य रहता है और समय ख़त्म होने के एक दिन बाद मिटा दिया जाता है।',
          'पासवर्ड के अंदाज़े रोकने के लिए हम हर मोबाइल नंबर और हर नेटवर्क पते से हुए असफल लॉग इन गिनते हैं; यह गिनती {{lockoutMinutes}} मिनट बाद ख़त्म हो जाती है।',
        ],
      },
      {
        heading: 'सेटिंग्स',
        paragraphs: [
          'आपकी थीम, भाषा, पसंदीदा टीमें, पढ़कर सुनाने और सूचनाओं की पसंद आपके खाते के साथ रखी जाती हैं, ताकि जिस भी डिवाइस पर आप लॉग इन करें, वे वहाँ मिलें। खाते के बिना वे केवल आपके ब्राउज़र में रहती हैं (उसके लोकल स्टोरेज में, और भाषा के लिए एक कुकी में)।',
        ],
      },
      {
        heading: 'मैच की सूचनाएँ',
        paragraphs: [
          'अगर आप सूचनाएँ पेज पर सूचनाएँ चालू करते हैं, तो हम उस डिवाइस की पुश सदस्यता रखते हैं: उसके ब्राउज़र की पुश सेवा (Chrome के लिए Google की, Firefox के लिए Mozilla की, Safari के लिए Apple की) का दिया पता और उसकी एन्क्रिप्शन कुंजियाँ, साथ में आपकी चुनी बातें: सूचनाओं के प्रकार, शांत घंटे और आपका टाइम ज़ोन, भाषा, आपके फ़ॉलो किए मैच और आपकी टीमें। पुश सेवा को हर सूचना एन्क्रिप्ट होकर मिलती है और वह उसे पढ़ नहीं सकती। अगर सूचनाएँ चालू करते समय आप लॉग इन थे, तो यह सदस्यता आपके खाते का हिस्सा है।',
          'कौन-सी सूचना किस डिवाइस पर गई, यह 30 दिन रखा जाता है, ताकि कोई सूचना दो बार न जाए। सदस्यता तब तक रहती है जब तक आप उस डिवाइस पर सूचनाएँ बंद न करें (इससे वह तुरंत मिट जाती है), पुश सेवा यह न बताए कि डिवाइस अब नहीं है, या आप अपना खाता न मिटाएँ।',
        ],
      },
      {
        heading: 'लाइक और टिप्पणियाँ',
        paragraphs: [
          'हम रखते हैं कि आपने कौन-सी रील्स लाइक कीं और आपकी लिखी टिप्पणियाँ; दूसरे फ़ैन आपकी टिप्पणियाँ आपके नाम के साथ और लाइक की संख्या देखते हैं, यह नहीं कि लाइक किसने किया।',
          'ख़बरें घंटे के हिसाब से गिनती हैं कि वे कितनी बार पढ़ी गईं, यह दर्ज किए बिना कि किसने पढ़ीं।',
        ],
      },
      {
        heading: 'हमें भेजे संदेश',
        paragraphs: [
          'संपर्क करें के ज़रिए आप जो भेजते हैं (नाम, ईमेल, फ़ोन और संदेश) वह जवाब देने के लिए रखा जाता है, और केवल साइट के एडमिन उसे पढ़ते हैं।',
        ],
      },
      {
        heading: 'कैसे मिटाएँ',
        paragraphs: [
          'सेशन तुरंत ख़त्म करने के लिए लॉग आउट करें। अपनी फ़ोटो, नाम और ईमेल प्रोफ़ाइल बदलें पेज पर बदलें। अपनी टिप्पणी रील की टिप्पणियों में से मिटाएँ: वह तुरंत सबके लिए हट जाती है।',
          'हमारे पास आपके बारे में रखा सब कुछ प्रोफ़ाइल बदलें पेज पर "मेरा डेटा डाउनलोड करें" से डाउनलोड करें। वहीं "मेरा खाता मिटाएँ", आपके पासवर्ड से पुष्टि के बाद, आपका खाता और उसके साथ रखा सब कुछ तुरंत मिटा देता है: सेशन, फ़ोटो, सेटिंग्स, लॉग इन रहते हुए चालू की गई सूचनाओं की सदस्यताएँ, लाइक, टिप्पणियाँ, हमें भेजे संदेश, और आपके नंबर के कोड और लॉग इन की गिनती।',
        ],
      },
    ],
  },
  terms: {
    title: 'नियम और शर्तें',
    intro: 'ये शर्तें क्रीज़ के इस्तेमाल पर लागू होती हैं, खाते के साथ या उसके बिना।',
    sections: [
      {
        heading: 'साइट आपको क्या देती है',
        paragraphs: [
          'स्कोर, स्कोरकार्ड, आँकड़े, ख़बरें और रील्स, मुफ़्त। गेंद-दर-गेंद डेटा Cricsheet से ओपन डेटा कॉमन्स एट्रिब्यूशन लाइसेंस के तहत आता है; स्वचालित रिपोर्ट उसी डेटा से एक प्रोग्राम लिखता है और उन पर यह लिखा होता है।',
          'हम आँकड़ों को डेटा से जाँचते हैं, पर डेटा में गलतियाँ हो सकती हैं और साइट कभी-कभी उपलब्ध न हो। सट्टे या पैसे से जुड़े किसी भी फ़ैसले के लिए इस पर भरोसा न करें। फ़ैंटेसी पॉइंट्स केवल जानकारी के लिए हैं: कोई इनाम नहीं है।',
        ],
      },
      {
        heading: 'आपका खाता',
        paragraphs: [
          'हर मोबाइल नंबर पर एक खाता। अपना पासवर्ड किसी को न बताएँ: आपके खाते से जो होता है उसकी ज़िम्मेदारी आपकी है। आप कभी भी साइट का इस्तेमाल बंद कर सकते हैं और अपना खाता मिटवा सकते हैं (गोपनीयता नीति देखें)।',
        ],
      },
      {
        heading: 'टिप्पणियाँ',
        paragraphs: [
          'सम्मान से लिखें। गाली, धमकी, नफ़रत, स्पैम, विज्ञापन, दूसरों की निजी जानकारी या कुछ भी गैरक़ानूनी नहीं। इन नियमों को तोड़ने वाली कोई भी टिप्पणी एडिटर हटा सकते हैं, और बार-बार नियम तोड़ने वाले खाते बंद किए जा सकते हैं। प्रति मिनट और प्रति दिन टिप्पणियों की संख्या सीमित है।',
        ],
      },
      {
        heading: 'सामग्री',
        paragraphs: [
          'खिलाड़ियों की फ़ोटो विकिमीडिया कॉमन्स से आती हैं, हर एक अपने लाइसेंस के तहत, और खिलाड़ी के पेज पर उसका श्रेय दिया गया है। साइट के लेख या वीडियो थोक में कॉपी न करें; उनके लिंक शेयर करने का स्वागत है।',
        ],
      },
      {
        heading: 'बदलाव',
        paragraphs: ['जब ये शर्तें बदलेंगी, नीचे की तारीख़ भी बदलेगी।'],
      },
    ],
  },
};

export const legalStrings: Record<Lang, typeof en> = { en, hi };
