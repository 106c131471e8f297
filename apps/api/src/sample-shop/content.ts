import type { Compatibility } from "@shop/shared/schemas/products";
import type { DeviceKind, PaletteName } from "./artwork.ts";
import { blogPostsContent } from "./posts.ts";

export type SampleCategory = {
  name: string;
  slug: string;
  description: string;
  art: [DeviceKind, PaletteName];
  subcategories: { name: string; slug: string }[];
};

export const sampleCategories: SampleCategory[] = [
  {
    name: "Smart Touch Switches",
    slug: "smart-touch-switches",
    description:
      "Glass touch panels that replace ordinary wall switches and put every light and scene at your fingertips.",
    art: ["switch-3", "teal"],
    subcategories: [
      { name: "Wall Switches", slug: "wall-switches" },
      { name: "Scene Controllers", slug: "scene-controllers" },
    ],
  },
  {
    name: "Smart Locks",
    slug: "smart-locks",
    description: "Keyless entry with keypad, fingerprint and app access, plus a log of who came and went.",
    art: ["lock-fingerprint", "indigo"],
    subcategories: [
      { name: "Keypad Locks", slug: "keypad-locks" },
      { name: "Fingerprint Locks", slug: "fingerprint-locks" },
    ],
  },
  {
    name: "Smart Sensors",
    slug: "smart-sensors",
    description:
      "Quiet sensors that watch temperature, humidity, air quality, motion and doors, and tell you what matters.",
    art: ["sensor-air", "emerald"],
    subcategories: [
      { name: "Environmental Sensors", slug: "environmental-sensors" },
      { name: "Security Sensors", slug: "security-sensors" },
    ],
  },
];

export type SampleProduct = {
  name: string;
  slug: string;
  price: number;
  category: string;
  subcategory: string;
  description: string;
  art: [DeviceKind, PaletteName];
  rating: number;
  reviewCount: number;
  features: string[];
  specifications: Record<string, string>;
  compatibility: Compatibility[];
  isNew: boolean;
  inStock: boolean;
};

/** The six products of the spec, at its prices, oldest first. */
export const sampleProducts: SampleProduct[] = [
  {
    name: "Aura Touch Switch — 1 Gang",
    slug: "aura-touch-switch-1-gang",
    price: 49.99,
    category: "smart-touch-switches",
    subcategory: "wall-switches",
    description:
      "A tempered-glass touch switch that fits a standard wall box and replaces an ordinary rocker in minutes. A soft halo shows where to tap in the dark, and the switch keeps working as a normal light switch even when your Wi-Fi is down.",
    art: ["switch-1", "teal"],
    rating: 4.6,
    reviewCount: 182,
    features: [
      "Tempered glass panel with a gentle night halo",
      "Works with or without a neutral wire",
      "Schedules, timers and scenes from the app",
      "Keeps working as a normal switch offline",
    ],
    specifications: {
      Gangs: "1",
      "Max load": "800 W (LED 200 W)",
      Connectivity: "Wi-Fi 2.4 GHz, Bluetooth LE for setup",
      "Panel size": "86 × 86 mm",
      Warranty: "2 years",
    },
    compatibility: ["alexa", "google"],
    isNew: false,
    inStock: true,
  },
  {
    name: "Guardian Pro Keypad Lock",
    slug: "guardian-pro-keypad-lock",
    price: 199.99,
    category: "smart-locks",
    subcategory: "keypad-locks",
    description:
      "A keypad deadbolt that lets family in with their own code and guests with a code that expires. Auto-lock closes the door behind you, and every entry is logged in the app so you know who came home and when.",
    art: ["lock-keypad", "indigo"],
    rating: 4.7,
    reviewCount: 241,
    features: [
      "Up to 100 personal and time-limited guest codes",
      "Auto-lock after 30 seconds to 5 minutes",
      "Anti-peep code entry: extra digits around your code",
      "Entry log and tamper alerts in the app",
    ],
    specifications: {
      "Door thickness": "35–55 mm",
      Power: "4 × AA batteries (about 12 months)",
      "Emergency power": "USB-C",
      Connectivity: "Bluetooth LE, Wi-Fi with bridge",
      Finish: "Matte black aluminium",
    },
    compatibility: ["alexa", "google", "homekit"],
    isNew: false,
    inStock: true,
  },
  {
    name: "Aura Touch Switch — 3 Gang",
    slug: "aura-touch-switch-3-gang",
    price: 79.99,
    category: "smart-touch-switches",
    subcategory: "scene-controllers",
    description:
      "Three circuits on one glass panel: ceiling, lamps and under-cabinet lights, each with its own touch zone. Long-press any zone to run a scene such as Movie Night or Good Morning.",
    art: ["switch-3", "slate"],
    rating: 4.5,
    reviewCount: 96,
    features: [
      "Three independent touch zones",
      "Long-press any zone to run a scene",
      "Dimming on LED-compatible circuits",
      "Child lock from the app",
    ],
    specifications: {
      Gangs: "3",
      "Max load": "300 W per gang",
      Connectivity: "Wi-Fi 2.4 GHz",
      "Panel size": "86 × 86 mm",
      Warranty: "2 years",
    },
    compatibility: ["alexa", "google", "homekit"],
    isNew: true,
    inStock: true,
  },
  {
    name: "Fortress Fingerprint Lock",
    slug: "fortress-fingerprint-lock",
    price: 249.99,
    category: "smart-locks",
    subcategory: "fingerprint-locks",
    description:
      "Open your door with a touch. The fingerprint reader recognises up to 50 fingers in under half a second, with a keypad and a physical key as back-ups, and a built-in doorbell button.",
    art: ["lock-fingerprint", "amber"],
    rating: 4.8,
    reviewCount: 133,
    features: [
      "Fingerprint unlock in under 0.5 s",
      "Keypad, app and mechanical key back-ups",
      "Built-in doorbell with phone notifications",
      "Weatherproof to IP65",
    ],
    specifications: {
      "Fingerprints stored": "50",
      "Unlock time": "< 0.5 s",
      Power: "Rechargeable 5000 mAh (about 8 months)",
      "Weather rating": "IP65",
      Finish: "Brushed bronze",
    },
    compatibility: ["alexa", "google"],
    isNew: true,
    inStock: true,
  },
  {
    name: "Climate Sense Air Monitor",
    slug: "climate-sense-air-monitor",
    price: 199.99,
    category: "smart-sensors",
    subcategory: "environmental-sensors",
    description:
      "Measures temperature, humidity, CO₂, fine dust (PM2.5) and volatile compounds, then tells you in plain words when to open a window. Its history shows how each room breathes through the day.",
    art: ["sensor-air", "emerald"],
    rating: 4.4,
    reviewCount: 58,
    features: [
      "Temperature, humidity, CO₂, PM2.5 and VOC",
      "Plain-language advice: ventilate, dehumidify, all good",
      "Triggers fans and purifiers through automations",
      "Two years of history in the app",
    ],
    specifications: {
      "CO₂ range": "400–5000 ppm (NDIR)",
      "PM2.5 range": "0–500 µg/m³",
      Power: "USB-C",
      Connectivity: "Wi-Fi 2.4 GHz",
      Dimensions: "Ø 90 × 32 mm",
    },
    compatibility: ["alexa", "google", "homekit"],
    isNew: false,
    inStock: true,
  },
  {
    name: "Sentinel Motion & Door Kit",
    slug: "sentinel-motion-door-kit",
    price: 149.99,
    category: "smart-sensors",
    subcategory: "security-sensors",
    description:
      "Two door and window contacts and a motion sensor with a pet-immune mode. Arm the kit when you leave and get an alert the moment something opens — or have the hallway lights come on when you walk in at night.",
    art: ["sensor-kit", "rose"],
    rating: 4.3,
    reviewCount: 77,
    features: [
      "Two contact sensors and one motion sensor",
      "Pet-immune motion mode up to 25 kg",
      "Instant alerts when armed",
      "Two-year battery life",
    ],
    specifications: {
      "Motion range": "8 m, 110°",
      Battery: "CR2450, about 2 years",
      Connectivity: "Zigbee 3.0 (bridge included)",
      "In the box": "2 contacts, 1 motion sensor, 1 bridge",
    },
    compatibility: ["alexa", "homekit"],
    isNew: false,
    inStock: false,
  },
];

export const sampleBanners: {
  title: string;
  subtitle: string;
  ctaLabel: string;
  ctaLink: string;
  art: [DeviceKind, PaletteName];
}[] = [
  {
    title: "Making homes smarter with style.",
    subtitle: "Premium automation solutions for modern living.",
    ctaLabel: "Shop now",
    ctaLink: "/shop",
    art: ["switch-3", "teal"],
  },
  {
    title: "Your door, your fingerprint",
    subtitle: "The Fortress Fingerprint Lock opens in under half a second.",
    ctaLabel: "Discover smart locks",
    ctaLink: "/smart-locks",
    art: ["lock-fingerprint", "indigo"],
  },
  {
    title: "Breathe easier at home",
    subtitle: "Climate Sense tells you when to open a window.",
    ctaLabel: "Meet the sensors",
    ctaLink: "/shop?category=smart-sensors",
    art: ["sensor-air", "emerald"],
  },
];

export const samplePosts = blogPostsContent;
