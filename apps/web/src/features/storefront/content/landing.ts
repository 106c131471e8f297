import { landingCategorySlugs } from "../category-links";

export type LandingContent = {
  categorySlug: string;
  /** The category's name, as the heading of its product grid. */
  category: string;
  eyebrow: string;
  title: string;
  documentTitle: string;
  intro: string;
  benefits: { title: string; text: string }[];
  steps: { title: string; text: string }[];
  stepsTitle: string;
  faqs: { question: string; answer: string }[];
};

export const smartLocks: LandingContent = {
  categorySlug: landingCategorySlugs.smartLocks,
  category: "Smart Locks",
  eyebrow: "Keyless entry",
  title: "Smart Locks",
  documentTitle: "Smart Locks",
  intro:
    "Open your door with a fingerprint, a code or your phone — and never hide a key under the mat again. Our smart locks fit standard doors, lock themselves behind you and tell you who came home.",
  benefits: [
    {
      title: "Every way in, none of the keys",
      text: "Fingerprint in under half a second, a PIN pad for guests, the app from anywhere, and a physical key for the day the batteries run out.",
    },
    {
      title: "Guest codes that expire",
      text: "Give the cleaner a code that works on Tuesdays from 9 to 12, or a one-time code for a delivery. Revoke it with a tap.",
    },
    {
      title: "Auto-lock and a full entry log",
      text: "The door locks itself after it closes. Every opening is logged with who and when, so you know the children got home.",
    },
    {
      title: "Built to stay shut",
      text: "Hardened steel bolts, tamper alarms and encrypted communication. The lock keeps working offline; your codes never leave the device unencrypted.",
    },
  ],
  stepsTitle: "Fitted in an afternoon",
  steps: [
    {
      title: "Measure your door",
      text: "Our locks fit doors 35–80 mm thick and standard euro-profile cylinders. Not sure? Send us a photo.",
    },
    {
      title: "Swap the cylinder",
      text: "Twenty minutes with a screwdriver, following the printed guide. No drilling on most doors.",
    },
    {
      title: "Pair and add people",
      text: "Pair in the app, enrol fingerprints and create codes. Link Alexa, Google Home or HomeKit if you wish.",
    },
  ],
  faqs: [
    {
      question: "What happens if the batteries run out?",
      answer:
        "You get low-battery warnings weeks in advance in the app and on the lock itself. If they do run out, a USB-C power bank on the outside contact wakes the lock, and every model also opens with its key.",
    },
    {
      question: "Can I still use a normal key?",
      answer: "Yes. Every lock ships with three keys for the mechanical cylinder, so you are never locked out.",
    },
    {
      question: "Does it work without Wi-Fi?",
      answer:
        "Fingerprints, PIN codes and auto-lock all work offline. Remote opening, notifications and the entry log need the lock's Wi-Fi bridge.",
    },
    {
      question: "Is it safe to unlock with voice assistants?",
      answer:
        "Locking by voice is always allowed; unlocking by voice requires a spoken PIN, and you can switch it off entirely in the app.",
    },
  ],
};

export const smartSwitches: LandingContent = {
  categorySlug: landingCategorySlugs.smartSwitches,
  category: "Smart Touch Switches",
  eyebrow: "Lighting, reimagined",
  title: "Smart Switches",
  documentTitle: "Smart Touch Switches",
  intro:
    "Tempered-glass touch panels that replace your ordinary wall switches. Set scenes, schedules and dimming, control every light by voice or app — and keep the familiar switch on the wall for everyone at home.",
  benefits: [
    {
      title: "Scenes at a touch",
      text: "Movie night, dinner, everything off: one touch sets every light in the room, and long-press recalls your favourite scene.",
    },
    {
      title: "Schedules that follow the sun",
      text: "Lights on at dusk, off at midnight, and a gentle wake-up ramp in the morning. Holiday mode makes the house look lived-in.",
    },
    {
      title: "Works with what you have",
      text: "Fits a standard wall box, with or without a neutral wire, and works with Amazon Alexa, Google Home and Apple HomeKit.",
    },
    {
      title: "Designed for the wall",
      text: "Edge-to-edge glass, a soft night-light glow and a satisfying haptic click. Available with 1, 2 or 3 gangs.",
    },
  ],
  stepsTitle: "From box to scene in three steps",
  steps: [
    {
      title: "Pick your gangs",
      text: "One switch per light circuit on that wall plate: choose 1, 2 or 3 gangs to match.",
    },
    {
      title: "Install safely",
      text: "Switch off the circuit and follow the guide — or ask a qualified electrician, as local rules may require.",
    },
    {
      title: "Create scenes",
      text: "Name your lights in the app, group them into scenes and link your voice assistant.",
    },
  ],
  faqs: [
    {
      question: "Do I need a neutral wire?",
      answer:
        "No. Our switches work with or without a neutral wire; with one, they also support a wider range of LED loads.",
    },
    {
      question: "Which bulbs can I dim?",
      answer:
        "Any dimmable LED or incandescent bulb from 3 W to 300 W per gang. Non-dimmable bulbs can still be switched on and off.",
    },
    {
      question: "What if the internet goes down?",
      answer: "The panel keeps working as a normal switch, and scenes stored on the switch still run locally.",
    },
    {
      question: "Can I mix them with ordinary switches?",
      answer:
        "Yes. Use a smart switch on one end of a two-way circuit and keep the ordinary switch on the other, or replace both.",
    },
  ],
};
