/**
 * Reports as real servers send them back, written by hand: a Postfix non-delivery report and a Gmail
 * delay notice (RFC 3464), a Yahoo-style feedback report (ARF, RFC 5965) and a qmail bounce (plain text).
 */
type Returned = { returnPath: string; recipient: string };

const crlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

const originalHeaders = ({ returnPath, recipient }: Returned) => `Return-Path: <${returnPath}>
Received: from shop.example (shop.example [198.51.100.7])
	by mail.example.net (Postfix) with ESMTPS id 3F6C21C0A2
	for <${recipient}>; Mon, 25 Nov 2024 16:00:00 +0000 (UTC)
From: Smart Home Shop <no-reply@smarthomeshop.example>
To: ${recipient}
Subject: Autumn deals
Date: Mon, 25 Nov 2024 15:59:58 +0000
Message-ID: <0193650c-4b5a-7c1e-9d2f-3a4b5c6d7e8f@smarthomeshop.example>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
MIME-Version: 1.0`;

export const postfixDsn = (returned: Returned) =>
  crlf(`Return-Path: <>
Received: by mail.example.net (Postfix)
	id 3F6C21C0A2; Mon, 25 Nov 2024 16:00:01 +0000 (UTC)
Date: Mon, 25 Nov 2024 16:00:01 +0000 (UTC)
From: MAILER-DAEMON@mail.example.net (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ${returned.returnPath}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="3F6C21C0A2.1732550401/mail.example.net"
Content-Transfer-Encoding: 8bit
Message-Id: <20241125160001.3F6C21C0A2@mail.example.net>

This is a MIME-encapsulated message.

--3F6C21C0A2.1732550401/mail.example.net
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<${returned.recipient}>: host mx.example.com[203.0.113.5] said: 550 5.1.1
    <${returned.recipient}>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)

--3F6C21C0A2.1732550401/mail.example.net
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.example.net
X-Postfix-Queue-ID: 3F6C21C0A2
X-Postfix-Sender: rfc822; ${returned.returnPath}
Arrival-Date: Mon, 25 Nov 2024 16:00:00 +0000 (UTC)

Final-Recipient: rfc822; ${returned.recipient}
Original-Recipient: rfc822;${returned.recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.example.com
Diagnostic-Code: smtp; 550 5.1.1 <${returned.recipient}>: Recipient address rejected:
    User unknown in virtual mailbox table

--3F6C21C0A2.1732550401/mail.example.net
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers
Content-Transfer-Encoding: 8bit

${originalHeaders(returned)}

--3F6C21C0A2.1732550401/mail.example.net--
`);

export const gmailDelayDsn = (returned: Returned) =>
  crlf(`Return-Path: <>
Received: by 2002:a05:6a20:1234:b0:1a2:3b4c:5d6e with SMTP id a1csp123456pzb;
        Mon, 25 Nov 2024 08:00:02 -0800 (PST)
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${returned.returnPath}
Auto-Submitted: auto-replied
Subject: Delivery Status Notification (Delay)
References: <0193650c-4b5a-7c1e-9d2f-3a4b5c6d7e8f@smarthomeshop.example>
In-Reply-To: <0193650c-4b5a-7c1e-9d2f-3a4b5c6d7e8f@smarthomeshop.example>
X-Failed-Recipients: ${returned.recipient}
Message-ID: <6744a0b2.050a0220.2c8f3e.1234.GMR@mx.google.com>
Date: Mon, 25 Nov 2024 08:00:02 -0800 (PST)
MIME-Version: 1.0
Content-Type: multipart/report; boundary="000000000000a1b2c3d4e5f60718"; report-type=delivery-status

--000000000000a1b2c3d4e5f60718
Content-Type: multipart/related; boundary="000000000000a1b2c3d4e5f60720"

--000000000000a1b2c3d4e5f60720
Content-Type: multipart/alternative; boundary="000000000000a1b2c3d4e5f60721"

--000000000000a1b2c3d4e5f60721
Content-Type: text/plain; charset="UTF-8"


** Message not delivered yet **

There was a temporary problem delivering your message to ${returned.recipient}. Gmail will retry for 46 more hours. You'll be notified if the delivery fails permanently.

The response was:

The recipient's inbox is out of storage space. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp

--000000000000a1b2c3d4e5f60721
Content-Type: text/html; charset="UTF-8"

<html><body><h2>Message not delivered yet</h2><p>There was a temporary problem delivering your message to <b>${returned.recipient}</b>.</p></body></html>

--000000000000a1b2c3d4e5f60721--
--000000000000a1b2c3d4e5f60720--

--000000000000a1b2c3d4e5f60718
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; shop.example
Arrival-Date: Mon, 25 Nov 2024 07:59:58 -0800 (PST)
X-Original-Message-ID: <0193650c-4b5a-7c1e-9d2f-3a4b5c6d7e8f@smarthomeshop.example>

Final-Recipient: rfc822; ${returned.recipient}
Action: delayed
Status: 4.2.2
Diagnostic-Code: smtp; 452 4.2.2 The recipient's inbox is out of storage space.
 Please direct the recipient to
 4.2.2 https://support.google.com/mail/?p=OverQuotaTemp a1si123456pzb.2 - gsmtp
Last-Attempt-Date: Mon, 25 Nov 2024 08:00:02 -0800 (PST)
Will-Retry-Until: Wed, 27 Nov 2024 07:59:58 -0800 (PST)

--000000000000a1b2c3d4e5f60718
Content-Type: message/rfc822

${originalHeaders(returned)}
Content-Type: text/plain; charset="UTF-8"

Hello ${returned.recipient}

--000000000000a1b2c3d4e5f60718--
`);

export const arfComplaint = (returned: Returned) =>
  crlf(`Return-Path: <>
From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>
To: ${returned.returnPath}
Subject: FW: Autumn deals
Date: Mon, 25 Nov 2024 16:05:00 +0000
Message-ID: <20241125160500.abcdef@arf.mail.yahoo.com>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
	boundary="----=_Part_1234_5678.1732550700000"

------=_Part_1234_5678.1732550700000
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP 198.51.100.7 on Mon, 25 Nov 2024 16:00:00 +0000.
For more information about this format please see http://www.mipassoc.org/arf/.

------=_Part_1234_5678.1732550700000
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: Yahoo!-Mail-Feedback/2.0
Version: 1
Original-Mail-From: <${returned.returnPath}>
Original-Rcpt-To: <${returned.recipient}>
Arrival-Date: Mon, 25 Nov 2024 16:00:00 +0000
Reported-Domain: smarthomeshop.example
Source-IP: 198.51.100.7
Authentication-Results: mta1001.mail.bf1.yahoo.com; dkim=pass header.d=smarthomeshop.example

------=_Part_1234_5678.1732550700000
Content-Type: message/rfc822
Content-Disposition: inline

${originalHeaders(returned)}
Content-Type: text/plain; charset="UTF-8"

Hello

------=_Part_1234_5678.1732550700000--
`);

export const qmailBounce = (returned: Returned) =>
  crlf(`Return-Path: <>
Date: 25 Nov 2024 16:10:00 -0000
From: MAILER-DAEMON@old.example.org
To: ${returned.returnPath}
Subject: failure notice

Hi. This is the qmail-send program at old.example.org.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<${returned.recipient}>:
203.0.113.9 does not like recipient.
Remote host said: 550 5.1.1 Sorry, no mailbox here by that name.
Giving up on 203.0.113.9.

--- Below this line is a copy of the message.

${originalHeaders(returned)}

Hello
`);
