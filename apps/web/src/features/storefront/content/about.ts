export const about = {
  storyTitle: "Our story",
  story: [
    "Smart Home Shop started in a small workshop with a simple frustration: smart-home products that were clever but ugly, or beautiful but hard to live with. We set out to make devices that look at home on the wall, work with the assistants people already use, and need no manual to enjoy.",
    "Today we design and curate smart touch switches, smart locks and environmental sensors, test every one of them in real homes, and support them long after the sale. We would rather sell you one device that fits than three that do not.",
  ],
  valuesTitle: "What we stand for",
  values: [
    {
      title: "Design that belongs",
      text: "Glass, metal and quiet colours that sit as naturally in a period flat as in a new build.",
    },
    {
      title: "Open ecosystems",
      text: "Everything we sell works with Amazon Alexa, Google Home or Apple HomeKit — you are never locked into one app.",
    },
    {
      title: "Privacy by default",
      text: "Local control first, encrypted communication always, and no data sold to anyone. Ever.",
    },
    {
      title: "Advice before sales",
      text: "Tell us about your home and we will recommend what fits — even when that is less than you planned to buy.",
    },
  ],
  figures: [
    { value: "24 h", label: "reply time on every enquiry" },
    { value: "2 years", label: "warranty on every device" },
    { value: "3", label: "voice assistants supported" },
    { value: "30 days", label: "to change your mind" },
  ],
  ctaTitle: "Have a question about your home?",
  ctaText:
    "Our team answers every message within 24 hours, with advice from people who install these devices themselves.",
};
