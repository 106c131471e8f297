/**
 * Header names that exports write for the columns an import reads, in English, German, French,
 * Spanish and Dutch. Compared without case, accents, spaces, `-` and `_`: `E-Mail-Adresse` is
 * `emailadresse`, `Prénom` is `prenom`.
 */
const headerNames = {
  email: [
    "email",
    "emailaddress",
    "mail",
    "mailaddress",
    "emailadresse",
    "mailadresse",
    "courriel",
    "adresseemail",
    "adressecourriel",
    "adressemail",
    "correo",
    "correoelectronico",
    "direcciondecorreo",
    "direcciondecorreoelectronico",
    "emailadres",
    "mailadres",
  ],
  first: ["firstname", "givenname", "forename", "vorname", "prenom", "nombre", "voornaam", "roepnaam"],
  last: [
    "lastname",
    "surname",
    "familyname",
    "nachname",
    "familienname",
    "nom",
    "nomdefamille",
    "apellido",
    "apellidos",
    "achternaam",
  ],
  name: ["name", "fullname", "vollstandigername", "nomcomplet", "nombrecompleto", "naam", "volledigenaam"],
} as const;

export type ColumnRole = keyof typeof headerNames;

/** A header cell as it is compared with the names above. */
export function normalHeader(cell: string): string {
  return cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
}

/** Where each column is in the header row (-1 when missing); the first cell with a known name wins. */
export function findColumns(header: string[]): Record<ColumnRole, number> {
  const normal = header.map(normalHeader);
  const find = (role: ColumnRole) =>
    normal.findIndex((cell) => (headerNames[role] as readonly string[]).includes(cell));
  return { email: find("email"), first: find("first"), last: find("last"), name: find("name") };
}
