// The 1,000 most common passwords, refused when a password is set (register, reset). The list
// is the first 1,000 of the 'passwords-common' dictionary of @zxcvbn-ts/language-common (MIT
// licence, zxcvbn-ts; the passwords ranked by how often they appear in Xato's corpus of ten million
// leaked passwords, as Dropbox's zxcvbn ranks them): not a list of our own making.
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 1000;

const common = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()));

/** Whether the password is one of the most common (in any letter case: 'Qwerty' is guessed as soon as 'qwerty'). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
