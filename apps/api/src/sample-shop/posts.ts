import type { DeviceKind, PaletteName } from "./artwork.ts";

export type SamplePost = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  daysAgo: number;
  art: [DeviceKind, PaletteName];
  body: string;
};

export const blogPostsContent: SamplePost[] = [
  {
    title: "How to choose the right smart switch for your home",
    slug: "how-to-choose-a-smart-switch",
    excerpt: "Neutral wires, gangs, loads and hubs: the four questions that decide which smart switch fits your wall.",
    author: "Maya Patel",
    daysAgo: 21,
    art: ["switch-1", "teal"],
    body: `Smart bulbs are a fine start, but the moment someone flicks the wall switch off, they stop being smart. A smart **switch** fixes that at the source: every lamp on the circuit becomes controllable, and the switch on the wall still works the way guests expect.

## 1. Do you have a neutral wire?

Open the switch box (with the power off at the breaker) and look for a bundle of white or blue wires tucked at the back. If it is there, any smart switch will work. If not, choose a **no-neutral** model such as the Aura Touch Switch, which draws its tiny standby power through the load.

## 2. How many gangs?

A *gang* is one circuit on one panel. Count the rockers you are replacing:

- **1 gang** for a single ceiling light
- **2–3 gangs** for a living room with ceiling, lamps and accents
- A **scene controller** when one tap should set several lights at once

## 3. What is the load?

LED lighting draws far less than old incandescent bulbs, but cheap LED drivers can flicker on dimmers. Check the switch's LED rating, not just its wattage, and prefer models that let you set a minimum brightness.

## 4. Hub or no hub?

Wi-Fi switches connect straight to your router and are the simplest to set up. Zigbee and Thread switches need a bridge but respond faster and keep working if your internet drops. Either way, make sure the switch speaks to your assistant — Alexa, Google Home or Apple HomeKit.

> A good smart switch disappears into the wall. You should notice the light, not the technology.

Not sure which fits? Send us a photo of your switch box through the [contact page](/contact) and we will tell you.`,
  },
  {
    title: "Smart locks explained: keypad, fingerprint or app?",
    slug: "smart-locks-explained",
    excerpt:
      "Each way of opening a smart lock has a place. Here is how to pick the one your household will actually use.",
    author: "Daniel Okafor",
    daysAgo: 12,
    art: ["lock-fingerprint", "indigo"],
    body: `A smart lock has one job: let the right people in without fuss, and keep everyone else out. How it recognises "the right people" is the choice that matters.

## Keypad

Codes are the most flexible option. Give each family member their own code, and give the dog-walker a code that only works on weekday afternoons. Good keypads let you type extra random digits around your code, so smudges on the keys reveal nothing.

**Best for:** families, rentals and anyone who has guests.

## Fingerprint

Nothing to remember and nothing to carry. Modern readers recognise a finger in under half a second, even with cold or slightly damp hands. Enrol two fingers per person in case one is bandaged.

**Best for:** busy households and people who hate fishing for keys.

## App and auto-unlock

Your phone can unlock the door as you walk up, and lock it behind you. It is convenient, but it depends on your phone's battery and location services, so treat it as a bonus rather than the only way in.

## What about power cuts and flat batteries?

Every lock we sell keeps a mechanical key or an emergency USB-C port, and warns you weeks before the batteries run low.

| | Keypad | Fingerprint | App |
|---|---|---|---|
| Guest access | Excellent | Limited | Good |
| Speed | Good | Excellent | Good |
| Nothing to carry | Yes | Yes | Phone |

Still deciding? Compare the [Guardian Pro](/shop/product/guardian-pro-keypad-lock) and the [Fortress](/shop/product/fortress-fingerprint-lock) side by side.`,
  },
  {
    title: "Five sensors that make a home safer and healthier",
    slug: "five-sensors-for-a-safer-home",
    excerpt:
      "Small, quiet and cheap to run: the sensors that earn their place, and the automations that make them useful.",
    author: "Maya Patel",
    daysAgo: 4,
    art: ["sensor-kit", "rose"],
    body: `Sensors are the senses of a smart home. Without them, automations are just timers. Here are the five we recommend first.

1. **Door and window contacts.** Know what is open before you leave, and get an alert if something opens while you are away.
2. **Motion sensors.** Turn hallway lights on at night at 10% brightness, and off again when nobody is there.
3. **CO₂ monitor.** Rooms above 1,000 ppm make people drowsy. A monitor tells you when to open a window — or switches on the extractor fan for you.
4. **Humidity sensor.** Keep bathrooms and basements between 40% and 60% to stop mould before it starts.
5. **Leak sensor.** A small puck under the washing machine can save a floor.

## Make them work together

A sensor on its own only informs you. Paired with switches and locks, it acts:

- *When the last person leaves and the door locks*, arm the contact sensors.
- *When CO₂ passes 1,000 ppm in the bedroom*, turn on the ventilation switch.
- *When motion is detected after midnight*, light the path to the kitchen.

Start with one room, live with it for a week, then expand. The best automation is the one you forget is there.`,
  },
];
