/** Where a paragraph names the shop's email or phone, filled in from Settings as the page renders. */
export type ContactSlot = { contact: "email" } | { contact: "phone"; before: string };
/** Plain text, or text around the shop's contact lines. */
export type LegalParagraph = string | readonly (string | ContactSlot)[];
export type LegalSection = { heading: string; paragraphs: LegalParagraph[]; list?: string[] };
export type LegalDocument = { updated: string; summary: string; sections: LegalSection[] };

/** The terms of sale and use. Plain words, short paragraphs: a customer should be able to read them. */
export const terms: LegalDocument = {
  updated: "November 1, 2026",
  summary:
    "These terms apply when you browse this website, ask us for information or a quote, and when you buy from Smart Home Shop. Please read them before you order; if anything is unclear, contact us and we will explain.",
  sections: [
    {
      heading: "1. Who we are",
      paragraphs: [
        [
          "Smart Home Shop sells smart touch switches, smart locks and smart sensors, and gives advice on choosing and installing them. You can reach us at ",
          { contact: "email" },
          { contact: "phone", before: " or " },
          ".",
        ],
      ],
    },
    {
      heading: "2. Enquiries and quotes",
      paragraphs: [
        "When you send a product enquiry or request a quote, you are not placing an order and you do not pay anything. We reply within 24 hours on working days with availability, delivery times and a price.",
        "A quote is valid for 14 days unless it says otherwise. Prices include VAT where it applies and exclude delivery, which the quote shows separately.",
      ],
    },
    {
      heading: "3. Orders and payment",
      paragraphs: [
        "An order is accepted when we confirm it in writing (usually by email). We may decline an order, for example when a product is out of stock or a price was shown in error; if you have paid, we refund you in full.",
        "Payment is due as stated on the quote or the order confirmation. Ownership passes to you once payment has been received in full.",
      ],
    },
    {
      heading: "4. Delivery",
      paragraphs: [
        "We deliver to the address you give us, usually within 2–5 working days of the order confirmation. If a delivery is late or arrives damaged, tell us within 7 days and we will put it right.",
      ],
    },
    {
      heading: "5. Returns",
      paragraphs: [
        "You may return an unused product in its original packaging within 30 days of delivery for a full refund of the product price. Products that have been installed, or whose seals are broken, can be returned only if they are faulty.",
      ],
      list: [
        "Contact us first so we can give you a return reference.",
        "Pack the product securely; you are responsible for it until it reaches us.",
        "We refund within 14 days of receiving the return, to the original payment method.",
      ],
    },
    {
      heading: "6. Warranty",
      paragraphs: [
        "Every product carries a two-year manufacturer warranty against defects in materials and workmanship. Register your product through the Warranty Registration link in the footer to make claims faster. The warranty does not cover damage from incorrect installation, misuse or accidents, and does not limit your statutory rights.",
      ],
    },
    {
      heading: "7. Installation and safety",
      paragraphs: [
        "Smart switches connect to mains electricity. Where local rules require it, installation must be carried out by a qualified electrician. Follow the instructions supplied with each product; we are not responsible for damage caused by installation that does not follow them.",
      ],
    },
    {
      heading: "8. Using this website",
      paragraphs: [
        "You may use this website to browse, learn and contact us. Do not misuse it: no automated scraping that burdens the service, no attempts to access areas that are not public, and no submissions that contain unlawful or harmful content.",
        "Product pictures are illustrations; the product you receive may differ slightly in colour or finish.",
      ],
    },
    {
      heading: "9. Liability",
      paragraphs: [
        "Nothing in these terms limits liability that cannot be limited by law. Otherwise our liability for any order is limited to the price paid for it, and we are not liable for losses that were not foreseeable when the order was made.",
      ],
    },
    {
      heading: "10. Changes and contact",
      paragraphs: [
        "We may update these terms; the version on this page when you order is the one that applies to that order. Questions about these terms are welcome at any time through the contact page.",
      ],
    },
  ],
};

/** What personal data the shop collects, why, for how long, and the visitor's rights. */
export const privacy: LegalDocument = {
  updated: "November 1, 2026",
  summary:
    "We collect as little personal data as we can, only to answer you, to send the newsletter you asked for, and to run the shop. We never sell it. This policy explains what we collect, why, how long we keep it and what you can ask of us.",
  sections: [
    {
      heading: "1. What we collect",
      paragraphs: ["We only collect what you give us or what is needed to keep the website working:"],
      list: [
        "Enquiries, contact messages and quote requests: your name, email address, phone number and your message, including the products you asked about.",
        "Newsletter sign-up: your email address and the date you subscribed.",
        "Technical data: your IP address, kept with an enquiry to protect the service from abuse, and standard server logs.",
        "Your cart is kept in your own browser (local storage) and is not sent to us until you request a quote.",
      ],
    },
    {
      heading: "2. Why we use it",
      paragraphs: [
        "To answer your enquiry or quote request (the legal basis is taking steps at your request before a contract), to send the newsletter you subscribed to (your consent), and to keep the website secure (our legitimate interest in preventing abuse).",
      ],
    },
    {
      heading: "3. The newsletter",
      paragraphs: [
        "We send the newsletter about once a month. Every email has an unsubscribe link; one click removes you. We measure whether emails are opened and links clicked to improve what we send, and we never share the list.",
      ],
    },
    {
      heading: "4. Who we share it with",
      paragraphs: [
        "Only with the service providers that help us run the shop — our hosting provider and our email delivery service — under contracts that bind them to protect it. We do not sell personal data and we do not use advertising trackers.",
      ],
    },
    {
      heading: "5. How long we keep it",
      list: [
        "Enquiries and quote requests: 2 years after our last exchange, then deleted.",
        "Newsletter subscriptions: until you unsubscribe.",
        "Server logs: 30 days.",
      ],
      paragraphs: [],
    },
    {
      heading: "6. Cookies and local storage",
      paragraphs: [
        "We do not use advertising or analytics cookies. The website stores your cart in your browser so it is still there when you come back, and staff who sign in get a session token. You can clear both at any time in your browser settings.",
      ],
    },
    {
      heading: "7. Security",
      paragraphs: [
        "Data travels over encrypted connections, access is limited to staff who need it, and every change staff make is recorded. If a breach ever put your data at risk, we would tell you and the authorities as the law requires.",
      ],
    },
    {
      heading: "8. Your rights",
      paragraphs: [
        [
          "You may ask for a copy of your data, have it corrected or deleted, object to its use or withdraw your consent at any time. Write to ",
          { contact: "email" },
          "; we answer within 30 days. You may also complain to your data protection authority.",
        ],
      ],
    },
    {
      heading: "9. Changes",
      paragraphs: [
        "If we change this policy, we update the date at the top of this page; significant changes are announced in the newsletter.",
      ],
    },
  ],
};
